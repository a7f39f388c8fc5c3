# frozen_string_literal: true

require_relative '../spec_helper'

# Right answers at the edges: nothing the reference answers is refused or
# answered wrongly, and past the gem's (higher) limits a clear error comes
# instead of a wrong answer.
RSpec.describe 'Answers at the edges' do
  let(:c) { PuppetTypes::TypeCalculator }
  let(:f) { PuppetTypes::TypeFactory }
  let(:parse) { ->(s) { PuppetTypes::TypeParser.parse(s, cache: false) } }

  def nested_array(levels)
    d = 1
    levels.times { d = [d] }
    d
  end

  it 'describes a value against an empty Variant as the reference does (an empty text)' do
    expect(c.describe_mismatch(parse.('Variant'), 1)).to eq('')
    expect(c.describe_mismatch(parse.('Array[Variant]'), [1])).to eq('')
    expect(c.describe_mismatch(parse.('NotUndef[Variant]'), 1)).to eq('')
    expect(c.describe_mismatch(parse.('Array[Variant]'), 1)).to eq('expects an Array value, got Integer')
  end

  describe 'Ruby objects held by gem values' do
    it 'keeps them alive through garbage collection, as the very objects given' do
      objects = Array.new(50) { Object.new }
      ids = objects.map(&:__id__)
      sensitive = objects.map { |o| PuppetTypes::Sensitive.new(o) }
      deferred = PuppetTypes::Deferred.new('f', objects)
      objects = nil
      3.times { GC.start(full_mark: true, immediate_sweep: true) }
      20.times { GC.start(full_mark: false) }
      expect(sensitive.map { |s| s.unwrap.__id__ }).to eq(ids)
      expect(deferred.arguments.map(&:__id__)).to eq(ids)
    end

    it 'gives back objects of any class, BasicObject included, from evaluate as well' do
      basic = BasicObject.new
      expect(PuppetTypes::Sensitive.new(basic).unwrap.__id__).to eq(basic.__id__)
      result = PuppetTypes::Parser.new.evaluate('[$o, $o]', 'o' => Object.new.freeze)
      GC.start
      expect(result[0]).to be_frozen
      expect(result[0]).to equal(result[1])
    end

    it 'lets the objects go once no gem value holds them' do
      GC.start
      before = PuppetTypes::Internal.kept_count
      Array.new(100) { PuppetTypes::Sensitive.new(Object.new) }
      expect(PuppetTypes::Internal.kept_count).to be >= before + 100
      5.times { GC.start }
      expect(PuppetTypes::Internal.kept_count).to be < before + 10
    end

    it 'works inside a Ractor' do
      ractor = Ractor.new do
        o = Object.new
        s = PuppetTypes::Sensitive.new(o)
        GC.start
        s.unwrap.equal?(o)
      end
      expect(ractor.take).to be(true)
    end
  end

  describe 'nesting the reference accepts (types, arrays and ifs about 1,100 to 2,000 deep)' do
    it 'parses types, arrays, hashes and ifs 2,000 deep, and chains of 5,000 terms' do
      n = 2_000
      type = "#{'Array[' * n}Integer#{']' * n}"
      expect(parse.(type).to_s).to eq(type)
      parser = PuppetTypes::Parser.new
      expect(parser.parse("#{'[' * n}1#{']' * n}")).to be_a(PuppetTypes::AST)
      expect(parser.parse("#{'{a => ' * n}1#{'}' * n}")).to be_a(PuppetTypes::AST)
      expect(parser.parse("#{'if true { ' * n}1#{' }' * n}")).to be_a(PuppetTypes::AST)
      expect(parser.parse(Array.new(5_000, '1').join(' + '))).to be_a(PuppetTypes::AST)
      expect(parser.parse(Array.new(5_000, 'true').join(' and '))).to be_a(PuppetTypes::AST)
      expect(parser.evaluate(Array.new(900, '1').join(' + '))).to eq(900)
    end

    it 'refuses nesting far beyond with a ParseError (100,000 deep)' do
      n = 100_000
      parser = PuppetTypes::Parser.new
      ["#{'Array[' * n}Integer#{']' * n}", "#{'[' * n}1#{']' * n}", "#{'if true { ' * n}1#{' }' * n}",
       Array.new(n, '1').join(' + '), "#{'-' * n}1", "#{'!' * n}true"].each do |source|
        expect { parser.parse(source) }.to raise_error(PuppetTypes::ParseError, /nested too deeply/)
        _, errors = parser.parse_with_recovery(source)
        expect(errors).not_to be_empty
      end
      expect { parse.("#{'Array[' * n}Integer#{']' * n}") }.to raise_error(PuppetTypes::ParseError, /nested too deeply/)
    end
  end

  describe 'data nested deeply' do
    it 'checks, infers and formats data as deep as the reference does (it stops at 662, 2,012, 2,557, 1,304 levels)' do
      [200, 662, 1_000, 3_000].each do |levels|
        d = nested_array(levels)
        expect(c.instance?(f.data, d)).to be(true), "Data at #{levels}"
        expect(c.infer(d).instance?(d)).to be(true), "infer at #{levels}"
        expect(c.infer_set(d).to_s).to eq("#{'Tuple[' * levels}Integer[1, 1]#{']' * levels}")
        expect(c.describe_mismatch(f.data, d)).to be_nil
      end
      d = nested_array(1_500)
      expect(PuppetTypes::Formatter.string(d)).to eq("#{'[' * 1_500}1#{']' * 1_500}")
      expect(PuppetTypes::Parser.new.evaluate('$d', 'd' => nested_array(1_500))).to eq(nested_array(1_500))
    end

    it 'raises an error past the limit instead of answering wrongly' do
      d = nested_array(10_001)
      message = /nested more than 10000 levels deep/
      expect { c.instance?(f.data, d) }.to raise_error(PuppetTypes::ArgumentError, message)
      expect { c.infer(d) }.to raise_error(PuppetTypes::ArgumentError, message)
      expect { c.infer_set(d) }.to raise_error(PuppetTypes::ArgumentError, message)
      expect { c.describe_mismatch(f.data, d) }.to raise_error(PuppetTypes::ArgumentError, message)
      expect { PuppetTypes::Parser.new.evaluate('$d', 'd' => d) }.to raise_error(PuppetTypes::ArgumentError, /nested more than 2000/)
    end
  end

  it 'never clamps an integer wider than 64 bits into an answer' do
    big = 2**70
    message = /integer 1180591620717411303424 is out of range/
    expect { c.describe_mismatch(f.range(0, 10), big) }.to raise_error(PuppetTypes::ArgumentError, message)
    expect { c.infer(big) }.to raise_error(PuppetTypes::ArgumentError, message)
    expect { c.infer_set([1, -big]) }.to raise_error(PuppetTypes::ArgumentError, /integer -1180591620717411303424 is out/)
    # instance? answers as the reference does: a Bignum is an Integer of an unbounded range only
    expect(c.instance?(f.integer, big)).to be(true)
    expect(c.instance?(f.range(0, 10), big)).to be(false)
    expect(c.infer(2**63 - 1).to_s).to eq('Integer[9223372036854775807, 9223372036854775807]')
  end
end
