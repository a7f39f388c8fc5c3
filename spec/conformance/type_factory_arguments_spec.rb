# frozen_string_literal: true

require 'spec_helper'

# Every public method of the reference's TypeFactory, called with generated
# arguments of every kind a tool may pass (Integers, Floats, Strings,
# Symbols, nil, :default, true, false, Regexps, Ranges, Times, classes,
# modules, Structs, objects without to_s, each side's own types, and Arrays
# and Hashes of those), compared with the gem's TypeFactory:
#
# - where the reference answers with a sensible type (one it can use and its
#   own TypeParser reads back from its text), the gem answers the same text;
# - where the reference raises Ruby's TypeError or ArgumentError, the gem
#   raises an error rescuable as that class (and as a PuppetTypes::Error),
#   with the reference's message for a TypeError;
# - where the reference crashes (NoMethodError, ...) the gem answers or
#   raises one of its own errors;
# - where the reference builds a type that is not sensible, the case is one
#   of DOCUMENTED (see docs/divergences.md) and the gem raises one of its
#   own errors or answers.
#
# PUPPET_TYPES_FACTORY_CASES=N sets how many calls (default 1800),
# PUPPET_TYPES_FACTORY_SEED the generator's seed.
RSpec.describe 'TypeFactory on generated arguments', reference: true do
  module FactoryArgs
    class Base; end
    class Derived < Base; end
    module Mixin; end
    Pair = Struct.new(:a)
    class NoText
      undef_method :to_s
      undef_method :inspect
    end

    # Types given as arguments, each side parsing its own.
    TYPES = ['Integer', 'String', 'Integer[1, 3]', "Enum['a']", 'Optional[String]', 'String[1]', 'Callable[Integer]',
             'Regexp[/x/]', 'Pattern[/y/]', 'Array[Integer]', 'Undef', 'Any', 'Resource[file]',
             "Runtime[ruby, 'Foo']", 'Timespan', "SemVer['>=1.0.0']"].freeze

    SCALARS = ([
      1, 0, -2, 10, 2**40, 1.5, -0.5, 'a', '', 'default', 'Foo', 'file', 'x+', '1.2.3', '>=1.0.0', '01:02:03',
      'http://example.com/p', :sym, nil, :default, true, false, /r/, /a/i, 1..3, Time.at(0), Integer, String, Float,
      Array, Base, Derived, Mixin, Comparable, Pair.new(1), NoText.new, Object.new, Rational(1, 2)
    ].map { |v| ->(_) { v } } + TYPES.map { |t| ->(p) { p.parse(t) } }).freeze

    # A generated argument: a lambda giving the argument for a side's parser.
    def self.arg(rng, depth = 0)
      case depth < 2 ? rng.rand(10) : 0
      when 0..7 then SCALARS.sample(random: rng)
      when 8
        parts = Array.new(rng.rand(3)) { arg(rng, depth + 1) }
        ->(p) { parts.map { |a| a.call(p) } }
      else
        parts = Array.new(rng.rand(3)) { [SCALARS.sample(random: rng), arg(rng, depth + 1)] }
        ->(p) { parts.to_h { |k, v| [k.call(p), v.call(p)] } }
      end
    end

    PROBE_VALUES = [1, 'a', nil, :default, [1], { 'a' => 1 }, 1.5, /x/, Time.at(0)].freeze
    PROBE_TYPES = %w[Integer String Any Undef Enum[a] Integer[1,2] Array[Integer] Hash[String,Integer] Callable
                     Timespan SemVer].freeze
  end

  # The reference's methods that the gem does not have, and why.
  MISSING = {
    error: 'the Error type is an Object type of the reference\'s Pcore; the gem has no Object types',
    task: 'the Task type is an Object type of the reference\'s Pcore; the gem has no Object types',
    type_alias: 'takes a Puppet::Pops::Model expression; the gem\'s aliases are made by TypeParser and AliasRegistry'
  }.freeze

  # Reference answers that are not sensible types, each with the reason the
  # gem does not build them (docs/divergences.md, "TypeFactory arguments").
  DOCUMENTED = {
    unusable: 'the reference builds a type that fails when used (instance?, assignable?, normalize or ' \
              'generalize raise a NoMethodError or TypeError: NotUndef[1], Type[\'a\'], Hash[String, 0])',
    not_a_type: 'the reference builds a type holding a Ruby value that no type expression holds, which its ' \
                'own TypeParser cannot read back (Enum[10], TypeReference[Integer], String of 1.5, Foo[{}])',
    float_bounds: 'Integer ranges with Float ends (Integer[1.5, 2]): the gem\'s Integer bounds are Integers',
    ruby_hierarchy: 'the common type of Ruby objects, classes or modules of different classes given together ' \
                    '(variant([Comparable, String]), hash_of({Struct => 1, Object => 2})): the reference walks ' \
                    'Ruby\'s class hierarchy (Runtime[ruby, \'Comparable\'], Runtime[ruby, \'Object\']), the gem\'s is Any',
  }.freeze

  let(:ref_factory) { Puppet::Pops::Types::TypeFactory }
  let(:ref_parser) { Puppet::Pops::Types::TypeParser.singleton }

  def outcome(factory, parser, method, args)
    answer = factory.public_send(method, *args.map { |a| a.call(parser) })
    [:answer, answer.to_s, answer]
  rescue StandardError => e
    [:raise, e]
  end

  def usable?(type)
    FactoryArgs::PROBE_VALUES.each { |v| type.instance?(v) }
    FactoryArgs::PROBE_TYPES.each do |s|
      other = ref_parser.parse(s)
      type.assignable?(other)
      other.assignable?(type)
    end
    type.assignable?(type) && type.normalize && type.generalize && type.hash
    true
  rescue StandardError
    false
  end

  # The reference's TypeParser reads the type back from its text.
  def reads_back?(type)
    case type
    when Puppet::Pops::Types::PResourceType
      return false unless type.title.nil? || type.title.is_a?(String)

      ref_parser.parse("Resource[#{[type.type_name, type.title].compact.map(&:inspect).join(', ')}]") == type
    when Puppet::Pops::Types::PTypeReferenceType then type.type_string.is_a?(String)
    else ref_parser.parse(type.to_s) == type
    end
  rescue StandardError
    false
  end

  # nil when the reference's answer is a sensible type, else the DOCUMENTED key.
  def documented(method, args, type, gem_text)
    return nil unless type.is_a?(Puppet::Pops::Types::PAnyType)
    return :float_bounds if method == :range && args.any? { |a| a.call(ref_parser).is_a?(Float) }
    return :ruby_hierarchy if gem_text && runtime_types_as_any?(type.to_s, gem_text)
    return :unusable unless usable?(type)

    reads_back?(type) ? nil : :not_a_type
  end

  # True when the gem's text is the reference's with some of its Runtime
  # types of Ruby classes (common types of Ruby objects) as Any.
  def runtime_types_as_any?(text, gem_text)
    parts = text.split(/(Runtime\[ruby, '[^']*'\])/)
    runtimes = (1...parts.size).step(2).to_a
    return false if runtimes.empty? || runtimes.size > 6

    (1...(2**runtimes.size)).any? do |mask|
      candidate = parts.each_with_index.map { |p, i| (j = runtimes.index(i)) && mask[j] == 1 ? 'Any' : p }.join
      PuppetTypes::TypeParser.parse(candidate).to_s == gem_text
    rescue PuppetTypes::Error
      false
    end
  end

  def modules_in(value)
    case value
    when Module then [value]
    when Array then value.flat_map { |v| modules_in(v) }
    when Hash then value.flat_map { |k, v| modules_in(k) + modules_in(v) }
    else []
    end
  end

  def gem_error?(error)
    PuppetTypes::Error === error || # rubocop:disable Style/CaseEquality
      (error.instance_of?(::ArgumentError) && error.message.start_with?('wrong number of arguments'))
  end

  def ruby_class(error)
    if error.is_a?(::TypeError) then :type_error
    elsif error.is_a?(::ArgumentError) then :argument_error
    else :other
    end
  end

  # The reference's message or answer with the gem's names of the classes of
  # types (`ruby(type)` is the Runtime type of the type's class).
  def gem_wording(message)
    message.gsub(/Puppet::Pops::Types::P\w+Type/, 'PuppetTypes::Type')
  end

  # :agree, a DOCUMENTED key, or [:failure, text].
  def compare(method, args)
    ref = outcome(ref_factory, ref_parser, method, args)
    gem = outcome(PuppetTypes::TypeFactory, PuppetTypes::TypeParser, method, args)
    failure = ->(why) { [:failure, "#{method}(#{args.map { |a| a.call(ref_parser).inspect[0, 60] rescue '?' }.join(', ')}): #{why}"] }
    return failure.call("the gem's #{gem[1].class} (#{gem[1].message[0, 80]}) is not one of its errors") if gem[0] == :raise && !gem_error?(gem[1])

    if ref[0] == :answer
      return :agree if gem[0] == :answer && gem[1] == gem_wording(ref[1])

      key = documented(method, args, ref[2], gem[0] == :answer ? gem[1] : nil)
      return key if key

      return failure.call("reference #{ref[1]}, gem #{gem[0] == :answer ? gem[1] : "#{gem[1].class}: #{gem[1].message[0, 80]}"}")
    end
    kind = ruby_class(ref[1])
    return :agree if kind == :other # (a crash of the reference: the gem answers or raises its own error)
    return failure.call("reference #{ref[1].class} (#{ref[1].message[0, 60]}), gem answers #{gem[1]}") if gem[0] == :answer
    return failure.call("reference #{ref[1].class} (#{ref[1].message[0, 60]}), gem #{gem[1].class}") unless ruby_class(gem[1]) == kind
    return failure.call("reference says #{ref[1].message.inspect}, gem #{gem[1].message.inspect}") if
      kind == :type_error && gem[1].message != gem_wording(ref[1].message)

    :agree
  end

  it 'has every public method of the reference but those listed as missing' do
    methods = ref_factory.singleton_methods(false) - MISSING.keys
    expect(methods.reject { |m| PuppetTypes::TypeFactory.respond_to?(m) }).to eq([])
  end

  it 'answers, raises Ruby\'s TypeError and ArgumentError as the reference does, on generated calls' do
    rng = Random.new(Integer(ENV.fetch('PUPPET_TYPES_FACTORY_SEED', '1823')))
    methods = (ref_factory.singleton_methods(false) - MISSING.keys - %i[clear object type_set]).sort
    results = Hash.new(0)
    failures = []
    Integer(ENV.fetch('PUPPET_TYPES_FACTORY_CASES', '1800')).times do
      method = methods.sample(random: rng)
      args = Array.new(rng.rand(4)) { FactoryArgs.arg(rng) }
      # (the reference freezes a resource's title: a class given as one would stay frozen)
      next if method == :resource && args[1]&.call(ref_parser).is_a?(Module)

      result = compare(method, args)
      if result.is_a?(Array)
        failures << result[1]
      else
        results[result] += 1
      end
    end
    warn results.inspect, *failures.uniq if ENV["DUMP"]
    expect(failures.uniq.first(20)).to eq([])
    expect(results[:agree]).to be > 1500
  end

  it 'reads generated Timespan Hashes of fields (Integers, Floats, undef, false, negative, others) as the reference' do
    rng = Random.new(1824)
    keys = %w[days hours minutes seconds milliseconds microseconds nanoseconds negative other]
    values = [0, 1, 2, -1, 1.5, 0.25, 0.001, 0.0017, 1e-3, nil, true, false, 'x', [1], :default]
    failures = []
    compared = 0
    400.times do
      hash = Array.new(1 + rng.rand(3)) { [keys.sample(random: rng), values.sample(random: rng)] }.to_h
      ref = begin
        ref_factory.timespan(hash).to_s
      rescue ::TypeError => e
        [::TypeError, e.message]
      rescue StandardError => e
        e.class
      end
      gem = begin
        PuppetTypes::TypeFactory.timespan(hash).to_s
      rescue ::TypeError => e
        [::TypeError, e.message]
      rescue StandardError => e
        e.class
      end
      # (a NoMethodError of the reference: days of a class without `*`)
      next if ref == NoMethodError && gem == PuppetTypes::TypeError
      # (less than a nanosecond, negative: the gem's bound is 0 ns; docs/divergences.md)
      next if ref == "Timespan['-0-00:00:00.0']" && gem == "Timespan['0-00:00:00.0']"

      compared += 1
      failures << "timespan(#{hash.inspect}): reference #{ref}, gem #{gem}" unless ref == gem
    end
    expect(failures.first(10)).to eq([])
    expect(compared).to be > 300
  end

  it 'raises Ruby\'s TypeError with its message where the reference converts an argument of the wrong class' do
    [[:float_range, :sym, 1], [:float_range, nil, true], [:regexp, 1], [:regexp, :sym], [:range, Comparable, 1],
     [:timestamp, {}]].each do |method, *args|
      ref = begin
        ref_factory.public_send(method, *args).to_s
      rescue ::TypeError => e
        e.message
      end
      expect { PuppetTypes::TypeFactory.public_send(method, *args) }
        .to raise_error(PuppetTypes::ConversionError, ref)
      expect { PuppetTypes::TypeFactory.public_send(method, *args) }.to raise_error(::TypeError)
      expect { PuppetTypes::TypeFactory.public_send(method, *args) }.to raise_error(PuppetTypes::Error)
    end
    expect(PuppetTypes::TypeFactory.float_range('1.5', Rational(5, 2)).to_s).to eq('Float[1.5, 2.5]')
  end
end
