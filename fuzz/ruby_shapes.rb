# frozen_string_literal: true

# Fuzzes the Ruby binding with random Ruby data shapes: nested arrays and
# hashes, subclasses of String/Array/Hash/Regexp (some with methods that
# change the data being checked), strings in odd encodings, Bignums, rich
# values, self-containing data, shared parts. Each case goes through
# instance?, infer, infer_set, describe_mismatch and Formatter.string, and
# is checked for:
#   - no crash, no InternalError, no exception but PuppetTypes errors;
#   - describe_mismatch nil exactly when instance? is true;
#   - instance? in place agrees with instance? of the converted value
#     (unless the value holds an instance of a String subclass: the
#     converted value's Strings are plain, which ScalarData and Data take);
#   - infer_set(v).instance?(v) for plain data, and infer(v).instance?(v)
#     when it holds no undef.
#
#   ruby -I lib fuzz/ruby_shapes.rb [SECONDS] [SEED]
#
# A finding prints the seed and case number (rerun with that seed to see it
# again) and exits 1. Findings are kept as regression specs in
# spec/reliability/fuzz_spec.rb, which also runs this for a few seconds.

require 'puppet_types'

module RubyShapes
  # Subclasses whose methods, when the check calls them, change data.
  class MutatingString < String
    def encode(*args)
      RubyShapes.victim&.clear
      super
    end
  end

  class MutatingRegexp < Regexp
    def source
      RubyShapes.victim&.clear
      super
    end
  end

  class MutatingArray < Array
    def each(&block)
      RubyShapes.victim&.clear
      super
    end
  end

  class MutatingHash < Hash
    def each(&block)
      RubyShapes.victim&.clear
      super
    end
  end

  class Thing
    # (Ruby warns when object_id is redefined; the gem must not call it)
    verbose = $VERBOSE
    $VERBOSE = nil
    def object_id
      RubyShapes.victim&.clear
      super
    end
    $VERBOSE = verbose

    def to_s
      raise 'to_s must not be called'
    end
  end

  class << self
    # A container the mutating methods empty (one of the data's own).
    attr_accessor :victim
  end

  TYPE_LEAVES = %w[Any Data RichData Scalar ScalarData Integer Integer[0,10] Integer[-5] Float Float[0.0,1.0]
                   String String[1] String[0,3] Boolean Undef NotUndef Default Numeric Regexp Runtime
                   Enum[a,b,'é'] Pattern[/a+/,/^x$/] Pattern[/^(a|aa)+$/] SemVer SemVerRange Timespan Timestamp
                   Binary Type Type[Integer] Sensitive Sensitive[String] Iterable Collection[1] Init[Integer]
                   Variant Runtime[ruby,'Object'] Tree].freeze

  def self.registry
    @registry ||= PuppetTypes::AliasRegistry.new.tap do |r|
      r.add('Tree', 'Array[Variant[Integer, Tree]]')
    end
  end

  def self.type_source(rng, depth = 0)
    return TYPE_LEAVES.sample(random: rng) if depth > 3 || rng.rand < 0.3

    inner = -> { type_source(rng, depth + 1) }
    case rng.rand(10)
    when 0 then "Array[#{inner.call}]"
    when 1 then "Array[#{inner.call}, #{rng.rand(3)}, #{rng.rand(3) + 2}]"
    when 2 then "Hash[#{%w[String Scalar Any Integer].sample(random: rng)}, #{inner.call}]"
    when 3 then "Struct[{a => #{inner.call}, Optional[b] => #{inner.call}, 'é' => #{inner.call}}]"
    when 4 then "Tuple[#{inner.call}, #{inner.call}, 0, 3]"
    when 5 then "Variant[#{inner.call}, #{inner.call}]"
    when 6 then "Optional[#{inner.call}]"
    when 7 then "NotUndef[#{inner.call}]"
    when 8 then "Sensitive[#{inner.call}]"
    else "Init[#{inner.call}]"
    end
  end

  def self.string(rng)
    case rng.rand(9)
    when 0 then 'a' * rng.rand(30)
    when 1 then (+"caf\xE9").force_encoding('ISO-8859-1')
    when 2 then "\xFF\xFE".b
    when 3 then 'wörd'.encode('UTF-16LE')
    when 4 then MutatingString.new((+"x\xE9").force_encoding('ISO-8859-1'))
    when 5 then 'é' * rng.rand(4)
    when 6 then "#{'a' * 23}b"
    when 7 then (+"\xE9").force_encoding('UTF-8')
    else %w[a b x aa default].sample(random: rng)
    end
  end

  def self.scalar(rng)
    case rng.rand(16)
    when 0 then rng.rand(-20..20)
    when 1 then [2**63 - 1, -2**63, 2**64, -2**70, 2**62].sample(random: rng)
    when 2 then [0.5, -0.0, Float::NAN, Float::INFINITY, 1e300].sample(random: rng)
    when 3, 4 then string(rng)
    when 5 then [nil, true, false].sample(random: rng)
    when 6 then %i[default undef foo].sample(random: rng)
    when 7 then [/a+/, MutatingRegexp.new('x'), Regexp.new((+"\xE9").force_encoding('ISO-8859-1'))].sample(random: rng)
    when 8 then PuppetTypes::SemVer.new('1.2.3')
    when 9 then PuppetTypes::Timespan.new(rng.rand(100))
    when 10 then PuppetTypes::Sensitive.new(rng.rand < 0.5 ? 'secret' : [1, 'x'])
    when 11 then PuppetTypes::TypeParser.parse(%w[Integer String[1] Array[Any]].sample(random: rng))
    when 12 then Thing.new
    when 13 then Object.new
    when 14 then BasicObject.new
    else Struct.new(:a).new(1)
    end
  end

  def self.value(rng, depth = 0, made = [])
    v = if depth > 4 || rng.rand < 0.4
          scalar(rng)
        else
          case rng.rand(8)
          when 0, 1 then Array.new(rng.rand(5)) { value(rng, depth + 1, made) }
          when 2 then MutatingArray.new(Array.new(rng.rand(3)) { value(rng, depth + 1, made) })
          when 3, 4 then Array.new(rng.rand(4)).to_h { [string(rng), value(rng, depth + 1, made)] }
          when 5 then MutatingHash[{ 'a' => value(rng, depth + 1, made) }]
          when 6 then { rng.rand(3) => value(rng, depth + 1, made), nil => 1 }
          else made.empty? ? [] : made.sample(random: rng) # shared part
          end
        end
    made << v if Array === v || Hash === v # rubocop:disable Style/CaseEquality
    v
  end

  # The data with, sometimes, a part that contains itself.
  def self.data(rng)
    made = []
    v = value(rng, 0, made)
    if rng.rand < 0.1 && (c = made.sample(random: rng))
      c.is_a?(Array) ? c << c : c['self'] = c
    end
    self.victim = rng.rand < 0.2 ? made.sample(random: rng) : nil
    v
  end

  # True when `v` holds an instance of a subclass of String (walked without
  # calling the data's own methods, which may change it).
  def self.holds_string_subclass?(v, seen = {}.compare_by_identity)
    case v
    when String then !v.instance_of?(String)
    when Array, Hash
      return false if seen[v]

      seen[v] = true
      found = false
      if v.is_a?(Array)
        Array.instance_method(:each).bind_call(v) { |x| found ||= holds_string_subclass?(x, seen) }
      else
        Hash.instance_method(:each_pair).bind_call(v) do |k, x|
          found ||= holds_string_subclass?(k, seen) || holds_string_subclass?(x, seen)
        end
      end
      found
    else false
    end
  end

  def self.plain?(v, depth = 0)
    return false if depth > 20

    return false unless Object === v # rubocop:disable Style/CaseEquality

    case v
    when Integer then v.bit_length < 64
    when Float then !v.nan?
    when String then v.encoding == Encoding::UTF_8 && v.valid_encoding? && v.instance_of?(String)
    when nil, true, false then true
    when Array then v.instance_of?(Array) && v.all? { |x| plain?(x, depth + 1) }
    when Hash then v.instance_of?(Hash) && v.all? { |k, x| k.is_a?(String) && plain?(k, depth + 1) && plain?(x, depth + 1) }
    else false
    end
  end

  Finding = Class.new(StandardError)

  def self.call
    yield
  rescue PuppetTypes::InternalError => e
    raise Finding, "InternalError: #{e.message}"
  rescue PuppetTypes::Error => e
    e
  rescue Exception => e # rubocop:disable Lint/RescueException
    raise Finding, "#{e.class}: #{e.message}" unless e.is_a?(RuntimeError) && e.message.include?('must not be called')

    e
  end

  def self.check(type, v)
    c = PuppetTypes::TypeCalculator
    inst = call { type.instance?(v) }
    desc = call { c.describe_mismatch(type, v) }
    if [true, false].include?(inst) && !desc.is_a?(Exception) && (inst == desc.nil?) == false
      raise Finding, "instance? #{inst} but describe_mismatch #{desc.inspect}"
    end
    converted = call { PuppetTypes::Internal.instance_converted(type, v) }
    if [true, false].include?(inst) && [true, false].include?(converted) && inst != converted &&
       !holds_string_subclass?(v)
      raise Finding, "instance? in place #{inst}, of the converted value #{converted}"
    end
    call { PuppetTypes::Formatter.string(v) }
    call { PuppetTypes::Formatter.string(v, '%p') }
    return unless plain?(v)

    # (the reference's infer forgets undef in the common type of a container:
    # infer([nil, 1]) is Array[Integer[1, 1], 2, 2]; infer_set keeps each)
    methods = v.inspect.include?('nil') ? %i[infer_set] : %i[infer infer_set]
    methods.each do |m|
      t = call { c.public_send(m, v) }
      next if t.is_a?(Exception)

      raise Finding, "#{m}(v) = #{t} does not accept v" unless call { t.instance?(v) } == true
    end
  end

  # Run cases from `seed` for `seconds`, or the first `cases` of them.
  def self.run(seconds, seed, cases: nil)
    rng = Random.new(seed)
    deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + seconds
    done = 0
    while cases ? done < cases : Process.clock_gettime(Process::CLOCK_MONOTONIC) < deadline
      source = type_source(rng)
      v = data(rng)
      begin
        type = PuppetTypes::TypeParser.parse(source, aliases: registry)
        check(type, v)
      rescue Finding => e
        warn "finding (seed #{seed}, case #{done}): #{e.message}\n  type: #{source}\n  value: #{safe_inspect(v)}"
        return false
      rescue PuppetTypes::Error
        nil
      end
      done += 1
    end
    warn "#{done} cases, no finding (seed #{seed})"
    true
  end

  def self.safe_inspect(v)
    (plain?(v) ? v.inspect : Kernel.instance_method(:inspect).bind_call(v))[0, 500]
  rescue Exception # rubocop:disable Lint/RescueException
    '(cannot be inspected)'
  end
end

if $PROGRAM_NAME == __FILE__
  seconds = (ARGV[0] || 60).to_f
  seed = (ARGV[1] || Random.new_seed % 1_000_000).to_i
  exit(RubyShapes.run(seconds, seed) ? 0 : 1)
end
