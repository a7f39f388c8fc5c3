# frozen_string_literal: true

require 'spec_helper'

# How type parameters of the wrong kind are converted, compared with the
# reference on generated expressions and calls:
#
# - Timespan bounds given as Float seconds (`Timespan[1.5]`,
#   `TypeFactory.timespan(1.5)`, a Hash with a Float field) print their
#   fraction as the reference prints its Float nanoseconds
#   (`'0-00:00:01.500000000'`), and otherwise answer as other Timespan bounds;
# - the parameters of the numeric and range types (Integer, Float, Timespan,
#   Timestamp, Regexp, String, Collection) given Strings, types, Arrays,
#   Hashes, Booleans, Regexps, undef and default: where the reference lets
#   Ruby's TypeError out, the gem raises PuppetTypes::ConversionError (a
#   ::TypeError and a PuppetTypes::Error) with its message; where the
#   reference raises an ArgumentError or its ParseError, the gem raises an
#   ::ArgumentError; where it answers with a type it reads back, the gem
#   answers the same.
RSpec.describe 'Type parameters of the wrong kind against the reference', reference: true do
  let(:ref_parser) { Puppet::Pops::Types::TypeParser.singleton }
  let(:ref_factory) { Puppet::Pops::Types::TypeFactory }

  # (a type that the reference cannot print raises there: its Regexp[1])
  def outcome
    answer = yield
    answer.to_s
    [:answer, answer]
  rescue StandardError => e
    [:raise, e]
  end

  # The reference's wording with the gem's name for the classes of types.
  def gem_wording(message)
    message.gsub(/Puppet::Pops::Types::P\w+Type/, 'PuppetTypes::Type')
  end

  def reads_back?(type)
    ref_parser.parse(type.to_s) == type
  rescue StandardError
    false
  end

  # (the reference builds Integer types of Hash bounds that raise when used)
  def usable?(type)
    [1, 1.5, 'a', nil].each { |v| type.instance?(v) }
    true
  rescue StandardError
    false
  end

  describe 'Timespan bounds of Float seconds' do
    # Floats of seconds of every magnitude, with up to nine decimals, and
    # whole ones; none below a nanosecond (see docs/divergences.md).
    def self.float_seconds(rng)
      x = case rng.rand(4)
          when 0 then rng.rand(-100.0..100.0).round(rng.rand(1..9))
          when 1 then (rng.rand * 10**rng.rand(-8..7)).round(9)
          when 2 then rng.rand(-1e6..1e6).round(rng.rand(0..3))
          else rng.rand(-1000..1000).to_f
          end
      x.abs < 1e-8 ? 1.25 : x
    end

    it 'prints, formats, compares and normalises as the reference on generated Floats' do
      rng = Random.new(2301)
      failures = []
      compared = 0
      200.times do
        a = self.class.float_seconds(rng)
        b = [a, self.class.float_seconds(rng)].max
        from_text = rng.rand(2).zero? ? a.to_s : a.floor.to_s
        [[[a], "Timespan[#{a}]"], [[a, b], "Timespan[#{from_text}, #{b}]"], [[{ 'seconds' => a }], "Timespan[{seconds => #{a}}]"]]
          .each do |args, source|
          ref = ref_factory.timespan(*args)
          gem = PuppetTypes::TypeFactory.timespan(*args)
          ref_parsed = ref_parser.parse(source)
          gem_parsed = PuppetTypes::TypeParser.parse(source)
          compared += 1
          label = "#{args.inspect} / #{source}"
          failures << "#{label}: factory #{ref} vs #{gem}" unless gem.to_s == ref.to_s
          failures << "#{label}: parser #{ref_parsed} vs #{gem_parsed}" unless gem_parsed.to_s == ref_parsed.to_s
          ref_s = Puppet::Pops::Types::StringConverter.singleton.convert(ref_parsed, '%s')
          failures << "#{label}: %s #{ref_s} vs #{gem_parsed}" unless PuppetTypes::Formatter.string(gem_parsed, '%s') == ref_s
          failures << "#{label}: == differs" unless (gem == gem_parsed) == (ref == ref_parsed)
          # (probes a second inside and outside each bound, and on a bound of whole nanoseconds)
          [ref.from, ref.to].compact.flat_map do |bound|
            n = bound.nsecs
            [n.floor - 1_000_000_000, n.ceil + 1_000_000_000, n == n.floor ? n.to_i : nil].compact
          end.each do |nanos|
            r = ref.instance?(Puppet::Pops::Time::Timespan.new(nanos))
            g = gem.instance?(PuppetTypes::Timespan.new({ 'nanoseconds' => nanos }))
            failures << "#{label}: instance? of #{nanos} ns: #{r} vs #{g}" unless r == g
          end
        end
        other = "Timespan['#{Puppet::Pops::Time::Timespan.new((b * 1e9).to_i)}', default]"
        variant = "Variant[Timespan[#{a}, #{b}], #{other}]"
        # (the reference's normalize crashes on Timespan ranges apart: docs/divergences.md)
        ref_norm = outcome { ref_parser.parse(variant).normalize }
        gem_norm = PuppetTypes::TypeParser.parse(variant).normalize.to_s
        failures << "#{variant}: normalize #{ref_norm[1]} vs #{gem_norm}" if ref_norm[0] == :answer && ref_norm[1].to_s != gem_norm
      end
      expect(failures.first(10)).to eq([])
      expect(compared).to eq(600)
    end

    it 'equals the Timespan of the same nanoseconds given otherwise, as in the reference' do
      expect(PuppetTypes::TypeParser.parse('Timespan[1.5]').to_s).to eq("Timespan['0-00:00:01.500000000']")
      expect(PuppetTypes::TypeParser.parse('Timespan[1.5]')).to eq(PuppetTypes::TypeParser.parse("Timespan['00:00:01.5']"))
      expect(PuppetTypes::TypeParser.parse("Timespan['00:00:01.5', 1.5]").to_s)
        .to eq(ref_parser.parse("Timespan['00:00:01.5', 1.5]").to_s)
      expect(PuppetTypes::TypeFactory.timespan({ 'hours' => 1.5 }).to_s).to eq("Timespan['0-01:30:00.0']")
    end
  end

  describe 'Timestamp and Timespan bounds from Hashes of text' do
    it 'reads generated string, format and timezone entries as the reference (TypeFactory)' do
      rng = Random.new(2305)
      keys = %w[string format timezone other]
      values = ['2020-01-01', '2020-01-01T10:00:00', '00:01', '1', '%Y-%m-%d', ['%Y-%m-%d'], ['%H:%M', 1], '%H:%M',
                'UTC', '+01:00', '', nil, 1, 1.5, [1], [], {}, :sym, :default, true]
      classify = lambda do |call|
        call.call.to_s
      rescue ::TypeError => e
        [::TypeError, e.message]
      rescue ::ArgumentError, Puppet::ParseError => e
        e.is_a?(PuppetTypes::ConversionError) ? [::TypeError, e.message] : ::ArgumentError
      rescue StandardError => e
        e.class
      end
      failures = []
      compared = 0
      400.times do
        hash = Array.new(1 + rng.rand(3)) { [keys.sample(random: rng), values.sample(random: rng)] }.to_h
        %i[timestamp timespan].each do |method|
          ref = classify.call(-> { ref_factory.public_send(method, hash) })
          gem = classify.call(-> { PuppetTypes::TypeFactory.public_send(method, hash) })
          # (the reference's crashes: a zone that is a number or a Boolean, a
          # Timestamp format that gives no date; docs/divergences.md)
          next if ref == NoMethodError || ref == [::TypeError, 'no implicit conversion of nil into Integer']

          compared += 1
          failures << "#{method}(#{hash.inspect}): reference #{ref.inspect}, gem #{gem.inspect}" unless ref == gem
        end
      end
      expect(failures.first(10)).to eq([])
      expect(compared).to be > 700
    end
  end

  describe 'numeric and range type parameters' do
    PARAMS = ["'a'", "'1'", "'1.5'", "''", "' 2 '", "'0x10'", "'1_000'", "'1e3'", "'2020-01-01'", 'String',
              'Integer[1, 2]', 'Any', '[1]', '[]', '{a => 1}', '{}', "{hours => 'x'}", "{string => '1'}",
              "{string => '2020-01-01'}", "{string => 1}", '{seconds => 1.5}', "{days => 'x'}", '{days => [1]}',
              '{hours => default}', '{hours => Integer}', '{minutes => /x/}', '{hours => 1.5, minutes => [2]}',
              'undef', 'default', 'true', 'false', '1.5', '-0.5', '/x/', '1', '0', '-1', '2', '100'].freeze
    TYPES = %w[Integer Float Timespan Timestamp Regexp String Collection].freeze

    # :agree, :float_bounds or :not_a_type (documented), :reference_crash, or [:failure, text]
    def compare(source)
      ref = outcome { ref_parser.parse(source) }
      gem = outcome { PuppetTypes::TypeParser.parse(source) }
      failure = ->(why) { [:failure, "#{source}: #{why}"] }
      if gem[0] == :raise && !(PuppetTypes::Error === gem[1]) # rubocop:disable Style/CaseEquality
        return failure.call("the gem's #{gem[1].class} is not one of its errors")
      end

      if ref[0] == :answer
        return :agree if gem[0] == :answer && gem[1].to_s == ref[1].to_s
        # (docs/divergences.md: Integer bounds are Integers)
        return :float_bounds if source.start_with?('Integer') && ref[1].to_s =~ /\d\.\d/
        return :not_a_type unless reads_back?(ref[1]) && usable?(ref[1])

        return failure.call("reference #{ref[1]}, gem #{gem[0] == :answer ? gem[1] : gem[1].message}")
      end
      error = ref[1]
      if error.is_a?(::TypeError)
        return :agree if gem[0] == :raise && gem[1].is_a?(PuppetTypes::ConversionError) &&
                         gem[1].message == gem_wording(error.message)

        return failure.call("reference TypeError #{error.message.inspect}, gem #{gem[0] == :raise ? "#{gem[1].class} #{gem[1].message.inspect}" : gem[1]}")
      end
      return :reference_crash unless error.is_a?(::ArgumentError) || error.is_a?(Puppet::ParseError)
      return :agree if gem[0] == :raise && gem[1].is_a?(::ArgumentError)

      failure.call("reference #{error.class} #{error.message[0, 80].inspect}, gem #{gem[0] == :raise ? gem[1].class : gem[1]}")
    end

    it 'converts, refuses and raises Ruby\'s TypeError as the reference on generated parameters' do
      rng = Random.new(2302)
      results = Hash.new(0)
      failures = []
      sources = TYPES.flat_map { |t| PARAMS.map { |p| "#{t}[#{p}]" } }
      sources += Array.new(3000) { "#{TYPES.sample(random: rng)}[#{PARAMS.sample(random: rng)}, #{PARAMS.sample(random: rng)}]" }
      sources.uniq.each do |source|
        result = compare(source)
        result.is_a?(Array) ? failures << result[1] : results[result] += 1
      end
      warn results.inspect if ENV['DUMP']
      expect(failures.first(20)).to eq([])
      expect(results[:agree]).to be > 2000
    end

    it 'raises ConversionError, a ::TypeError and a PuppetTypes::Error, with Ruby\'s message' do
      {
        'Float[1, String]' => "can't convert PuppetTypes::Type into Float",
        'Float[[1], 2]' => "can't convert Array into Float",
        "Timespan[{hours => 'x'}]" => "String can't be coerced into Integer",
        "Timespan[{days => 1.5, hours => 'x'}]" => "String can't be coerced into Float",
        'Regexp[[1]]' => 'no implicit conversion of Array into String',
        'Timestamp[{}]' => 'no implicit conversion of nil into String',
        'Integer[{}, 1]' => 'no implicit conversion of Integer into Hash'
      }.each do |source, message|
        expect { ref_parser.parse(source).to_s }
          .to raise_error(::TypeError, message.sub('PuppetTypes::Type', 'Puppet::Pops::Types::PStringType'))
        expect { PuppetTypes::TypeParser.parse(source) }.to raise_error(PuppetTypes::ConversionError, message)
        expect { PuppetTypes::TypeParser.parse(source) }.to raise_error(PuppetTypes::Error)
      end
      expect { PuppetTypes::TypeFactory.timespan({ 'hours' => 'x' }) }
        .to raise_error(::TypeError, "String can't be coerced into Integer")
      expect(PuppetTypes::TypeParser.parse("Float['0x10', '1e3']").to_s).to eq('Float[16.0, 1000.0]')
      expect { PuppetTypes::TypeParser.parse("Float['1.', 2]") }.to raise_error(::ArgumentError, 'invalid value for Float(): "1."')
    end
  end
end
