# frozen_string_literal: true

require 'spec_helper'
require 'bigdecimal'

# Ruby objects that are Strings or Numerics without being Puppet's: an
# instance of a subclass of String is a String, Scalar and RichData but not
# ScalarData nor Data (the reference's ScalarData takes an instance of String
# itself), and a Rational, Complex, BigDecimal or object of another Numeric
# subclass is a Scalar (so RichData) but not a Numeric. Compared with the
# reference on generated data holding them: instance? of many types,
# infer, infer_set and formatting; describe_mismatch says nothing exactly
# when instance? holds.
RSpec.describe 'String and Numeric objects of other classes against the reference', reference: true do
  module RubyScalars
    class Text < String; end
    class Amount < Numeric; end

    OBJECTS = [-> { Text.new('abc') }, -> { Text.new('') }, -> { Rational(1, 2) }, -> { Rational(4, 2) },
               -> { Complex(1, 2) }, -> { BigDecimal('1.5') }, -> { Amount.new }].freeze
    PLAIN = [-> { 1 }, -> { 'abc' }, -> { 2.5 }, -> { nil }, -> { true }].freeze

    def self.value(rng, object, depth = 0)
      case depth < 3 ? rng.rand(5) : 0
      when 0, 1 then object.call
      when 2 then PLAIN.sample(random: rng).call
      when 3 then Array.new(rng.rand(1..3)) { value(rng, object, depth + 1) }
      else Array.new(rng.rand(1..3)) { |i| [rng.rand(4).zero? ? object.call : "k#{i}", value(rng, object, depth + 1)] }.to_h
      end
    end
  end

  TYPE_STRINGS = [
    'String', 'String[3]', 'Enum[abc]', 'Pattern[/a/]', 'Scalar', 'ScalarData', 'Data', 'RichData', 'Any', 'Runtime',
    'Variant[String, Integer]', 'Optional[String]', 'NotUndef', 'Array[String]', 'Array[Data]', 'Array[Scalar]',
    'Array[RichData]', 'Hash[String, Data]', 'Hash[Data, Data]', 'Hash[Scalar, Any]', 'Hash[String, Scalar]',
    'Hash[String, ScalarData]', 'Hash[String, RichData]', 'Iterable', 'Iterable[String]', 'Collection', 'Init[String]',
    'Struct[{k0 => Data}]', 'Struct[{k0 => Scalar}]', 'Tuple[Data]', 'Tuple[Scalar]', 'Variant[Data, Integer]',
    'Optional[Data]', 'NotUndef[Data]', 'Numeric', 'Integer', 'Float', 'Optional[Scalar]', 'Variant[Scalar, String]',
    'NotUndef[Scalar]', "Runtime[ruby, 'Rational']", "Runtime[ruby, 'Numeric']", "Runtime[ruby, 'RubyScalars::Text']",
    "Runtime[ruby, 'String']", 'Type', 'Boolean'
  ].freeze

  let(:ref_calc) { Puppet::Pops::Types::TypeCalculator }
  let(:converter) { Puppet::Pops::Types::StringConverter.singleton }

  def answer
    yield.to_s
  rescue StandardError
    :error
  end

  it 'checks, infers and formats generated data holding them as the reference does' do
    rng = Random.new(2304)
    ref_types = TYPE_STRINGS.map { |s| Puppet::Pops::Types::TypeParser.singleton.parse(s) }
    gem_types = TYPE_STRINGS.map { |s| PuppetTypes::TypeParser.parse(s) }
    failures = []
    compared = 0
    300.times do
      v = RubyScalars.value(rng, RubyScalars::OBJECTS.sample(random: rng))
      checks = {
        'infer' => [-> { ref_calc.infer(v) }, -> { PuppetTypes::TypeCalculator.infer(v) }],
        'infer_set' => [-> { ref_calc.infer_set(v) }, -> { PuppetTypes::TypeCalculator.infer_set(v) }],
        '%s' => [-> { converter.convert(v, '%s') }, -> { PuppetTypes::Formatter.string(v, '%s') }],
        '%p' => [-> { converter.convert(v, '%p') }, -> { PuppetTypes::Formatter.string(v, '%p') }]
      }
      TYPE_STRINGS.each_with_index do |s, i|
        checks["#{s}.instance?"] = [-> { ref_types[i].instance?(v) }, -> { gem_types[i].instance?(v) }]
        described = PuppetTypes::TypeCalculator.describe_mismatch(gem_types[i], v)
        failures << "#{s}: describe_mismatch #{described.inspect} of #{v.inspect}" if described.nil? != gem_types[i].instance?(v)
      end
      checks.each do |label, (ref, gem)|
        compared += 1
        r = answer(&ref)
        g = answer(&gem)
        failures << "#{label}(#{v.inspect[0, 100]}): reference #{r.inspect}, gem #{g.inspect}" unless r == g
      end
    end
    expect(failures.uniq.first(20)).to eq([])
    expect(compared).to eq(300 * (TYPE_STRINGS.size + 4))
  end

  it 'refuses a String subclass as ScalarData and Data, and holds a Rational as Scalar but not Numeric' do
    text = RubyScalars::Text.new('abc')
    %w[String Scalar RichData].each { |t| expect(PuppetTypes::TypeParser.parse(t).instance?(text)).to be(true), t }
    %w[ScalarData Data].each { |t| expect(PuppetTypes::TypeParser.parse(t).instance?(text)).to be(false), t }
    expect(PuppetTypes::TypeParser.parse('Hash[Data, Data]').instance?({ text => 1 })).to be(false)
    expect(PuppetTypes::TypeParser.parse('Data').instance?({ text => 1 })).to be(true)
    expect(PuppetTypes::TypeParser.parse('Scalar').instance?(Rational(1, 2))).to be(true)
    expect(PuppetTypes::TypeParser.parse('Numeric').instance?(Rational(1, 2))).to be(false)
    expect(PuppetTypes::TypeParser.parse('Scalar').instance?(:sym)).to be(false)
  end
end
