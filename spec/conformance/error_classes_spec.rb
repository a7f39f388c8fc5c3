# frozen_string_literal: true

require 'spec_helper'

# Errors the reference raises as Ruby's ArgumentError (or TypeError) are
# rescuable as those classes from the gem too, and stay PuppetTypes::Errors
# (`rescue PuppetTypes::Error`, `is_a?`). Checked on generated type strings,
# TypeFactory calls and String conversions, with Ruby objects of every kind
# as arguments. PUPPET_TYPES_ERROR_CASES=N sets how many of each (default 600).
RSpec.describe 'Error classes against the reference', reference: true do
  module ErrorData
    class Base; end
    class Derived < Base; end
    module Mixin; end
    class ArraySub < Array; end
    class NoText
      undef_method :to_s
      undef_method :inspect
    end
    Pair = Struct.new(:a)

    NAMES = %w[Integer Float String Enum Pattern Regexp Array Hash Struct Tuple Optional NotUndef Variant Type
               Callable Runtime Sensitive Iterable Iterator Collection Timespan Timestamp SemVer SemVerRange
               Boolean Init Object Resource Class URI Undef Any Scalar Data Default].freeze
    PARAMS = ['1', '-1', '10', '0.5', "'a'", '"x"', 'default', 'Integer', 'String', '[1]', '{a => 1}', '/x/', '/(/',
              'undef', 'true', "'00:01'", "'1.0.0'", 'Foo'].freeze
    ARGS = [
      -> { 1 }, -> { 10 }, -> { -1 }, -> { 0.5 }, -> { 'a' }, -> { '' }, -> { nil }, -> { :default }, -> { [1] },
      -> { { 'a' => 1 } }, -> { /x/ }, -> { :sym }, -> { Base }, -> { Mixin }, -> { Derived.new }, -> { (1..3) },
      -> { Time.at(0) }, -> { Pair.new(1) }, -> { Object.new }, -> { NoText.new }, -> { ArraySub[1] }, -> { Integer }
    ].freeze
    FACTORY = %i[range float_range string enum pattern regexp array_of hash_of hash_kv tuple struct optional
                 variant type_type runtime sem_ver timespan timestamp callable type_of boolean collection].freeze
    FORMAT_PARTS = ['', '-', '+', ' ', '#', '0', '[', '{', '(', '<', '|', '10', '.2', '5.1'].freeze
    LETTERS = %w[d x o b s p q a h f e g c u t T B C Q Z].freeze

    def self.type_string(rng)
      name = NAMES.sample(random: rng)
      return name if rng.rand(5).zero?

      "#{name}[#{Array.new(rng.rand(4)) { PARAMS.sample(random: rng) }.join(', ')}]"
    end

    def self.format(rng)
      return ['%x', 'x', '%', '%-+-d', '%1.2.3d', "%d\n"].sample(random: rng) if rng.rand(6).zero?

      "%#{Array.new(rng.rand(3)) { FORMAT_PARTS.sample(random: rng) }.join}#{LETTERS.sample(random: rng)}"
    end
  end

  # :argument or :type when the error is one of Ruby's ArgumentErrors or
  # TypeErrors (rescued as such), :other for another error, :none when none.
  def outcome
    @message = nil
    yield
    :none
  rescue ::TypeError => e
    @message = e.message
    :type
  rescue ::ArgumentError
    :argument
  rescue StandardError
    :other
  end

  # Ruby's own conversion errors, which the reference's TypeParser lets out
  # for parameters of the wrong Ruby class (`Float[1, String]`): the gem's
  # are ArgumentErrors there (see docs/divergences.md); its TypeFactory
  # raises them as PuppetTypes::ConversionErrors, Ruby's TypeErrors.
  RUBY_CONVERSION = /\A(can't convert|no implicit conversion)/.freeze

  # The same for the gem, which also checks that an error is a PuppetTypes::Error.
  def gem_outcome(label, failures, &block)
    result = outcome(&block)
    begin
      block.call
    rescue PuppetTypes::Error => e
      failures << "#{label}: #{e.class} is not is_a?(PuppetTypes::Error)" unless e.is_a?(PuppetTypes::Error)
    rescue StandardError => e
      failures << "#{label}: #{e.class} (#{e.message[0, 80]}) is not rescued as a PuppetTypes::Error"
    end
    result
  end

  def check(label, failures, stats, ref, gem)
    stats[[ref, gem]] += 1
    return if label.start_with?('TypeParser') && ref == :type && gem == :argument && @ref_message.match?(RUBY_CONVERSION)
    return unless %i[argument type].include?(ref) && gem != :none && gem != ref

    failures << "#{label}: the reference raises Ruby's #{ref} error, the gem's is #{gem}"
  end

  let(:count) { Integer(ENV.fetch('PUPPET_TYPES_ERROR_CASES', '600')) }
  let(:ref_parser) { Puppet::Pops::Types::TypeParser.singleton }

  it 'raises errors rescuable as the Ruby classes the reference raises, on generated calls' do
    rng = Random.new(2324)
    failures = []
    stats = Hash.new(0)
    count.times do
      source = ErrorData.type_string(rng)
      ref = Reference.with_loaders { |l| outcome { ref_parser.parse(source, l.private_environment_loader) } }
      @ref_message = @message
      gem = gem_outcome("parse #{source}", failures) { PuppetTypes::TypeParser.parse(source) }
      check("TypeParser.parse(#{source.inspect})", failures, stats, ref, gem)

      m = ErrorData::FACTORY.sample(random: rng)
      args = Array.new(rng.rand(4)) { ErrorData::ARGS.sample(random: rng) }
      ref = outcome { Puppet::Pops::Types::TypeFactory.send(m, *args.map(&:call)) }
      @ref_message = @message
      gem = gem_outcome("factory #{m}", failures) { PuppetTypes::TypeFactory.send(m, *args.map(&:call)) }
      check("TypeFactory.#{m}(#{args.size} args)", failures, stats, ref, gem)

      value = ErrorData::ARGS.sample(random: rng).call
      format = ErrorData.format(rng)
      ref = outcome { Puppet::Pops::Types::StringConverter.convert(value, format) }
      @ref_message = @message
      gem = gem_outcome("format #{format}", failures) { PuppetTypes::Formatter.string(value, format) }
      check("Formatter.string(#{value.class}, #{format.inspect})", failures, stats, ref, gem)
    end
    warn stats.inspect if ENV['DUMP']
    expect(failures.uniq.first(10)).to eq([])
    expect(stats[%i[argument argument]]).to be > count / 10
  end

  it 'keeps PuppetTypes::Error < StandardError as the class every error answers to' do
    expect(PuppetTypes::Error).to be_a(Class)
    expect(PuppetTypes::Error.superclass).to eq(StandardError)
    [PuppetTypes::ArgumentError, PuppetTypes::TypeError, PuppetTypes::FormatError].each do |c|
      expect(c.superclass).to eq(::ArgumentError)
      expect(c < PuppetTypes::Error).to be(true)
      expect(c <= PuppetTypes::Error).to be(true)
      expect(PuppetTypes::Error > c).to be(true)
      expect(PuppetTypes::Error >= c).to be(true)
      expect(c.new('x')).to be_a(PuppetTypes::Error)
      expect(c.new('x')).to be_a(::ArgumentError)
      expect(c.new('x').kind_of?(PuppetTypes::Error)).to be(true) # rubocop:disable Style/ClassCheck
      expect(PuppetTypes::Error === c.new('x')).to be(true) # rubocop:disable Style/CaseEquality
      expect(PuppetTypes::ParseError === c.new('x')).to be(false) # rubocop:disable Style/CaseEquality
    end
    conversion = PuppetTypes::ConversionError
    expect(conversion.superclass).to eq(::TypeError)
    expect([conversion < PuppetTypes::Error, PuppetTypes::Error >= conversion]).to eq([true, true])
    expect(PuppetTypes::Error === conversion.new('x')).to be(true) # rubocop:disable Style/CaseEquality
    expect(conversion.new('x')).to be_a(PuppetTypes::Error)
    [PuppetTypes::ParseError, PuppetTypes::EvaluationError, PuppetTypes::InternalError].each do |c|
      expect(c.superclass).to eq(PuppetTypes::Error)
    end
    expect(::ArgumentError === PuppetTypes::ParseError.new('x')).to be(false) # rubocop:disable Style/CaseEquality
  end

  it 'raises the classes from the extension, rescued both ways' do
    caught = []
    [-> { PuppetTypes::TypeParser.parse('Integer[10, 1]') }, -> { PuppetTypes::TypeFactory.range('a', 1) },
     -> { PuppetTypes::Formatter.string(1, '%Q') }, -> { PuppetTypes::TypeCalculator.infer(2**70) }].each do |call|
      begin
        call.call
      rescue PuppetTypes::Error => e
        caught << e.class
      end
      expect { call.call }.to raise_error(::ArgumentError)
      expect { call.call }.to raise_error(PuppetTypes::Error)
    end
    expect(caught).to eq([PuppetTypes::TypeError, PuppetTypes::ArgumentError, PuppetTypes::FormatError,
                          PuppetTypes::ArgumentError])
    expect { PuppetTypes::TypeParser.parse('Integer[') }.to raise_error(PuppetTypes::ParseError)
    syntax = begin
      PuppetTypes::TypeParser.parse('Integer[')
    rescue StandardError => e
      e
    end
    expect(syntax).not_to be_a(::ArgumentError)
  end
end
