# frozen_string_literal: true

require 'spec_helper'

# Ruby Strings in encodings other than UTF-8, at every entry point: text that
# can be transcoded to UTF-8 is (everything inside Puppet is UTF-8), text that
# cannot is a PuppetTypes::ArgumentError naming its encoding, and no String is
# ever read as its raw bytes (except by Binary.new(str, '%r'), which wants them).
RSpec.describe 'Strings in encodings other than UTF-8' do
  let(:f) { PuppetTypes::TypeFactory }
  let(:parser) { PuppetTypes::Parser.new }

  def utf16(s) = s.encode('UTF-16LE')
  def latin1(s) = s.encode('ISO-8859-1')

  describe 'values passed to evaluate' do
    it 'transcodes UTF-16 and ISO-8859-1 text' do
      expect(parser.evaluate('$x', 'x' => utf16('abc'))).to eq('abc')
      expect(parser.evaluate('$x', 'x' => latin1('é'))).to eq('é')
      expect(parser.evaluate('$x', 'x' => 'ü'.encode('Windows-1252'))).to eq('ü')
      expect(parser.evaluate('$x', 'x' => { utf16('k') => [latin1('é')] })).to eq('k' => ['é'])
      expect(parser.evaluate('$x.length', 'x' => utf16('abc'))).to eq(3)
    end

    it 'transcodes variable names' do
      expect(parser.evaluate('$x', utf16('x') => 1)).to eq(1)
    end

    it 'takes ASCII in any ASCII-compatible encoding, and binary data holding UTF-8, as it is' do
      expect(parser.evaluate('$x', 'x' => latin1('abc'))).to eq('abc')
      expect(parser.evaluate('$x', 'x' => 'abc'.b)).to eq('abc')
      expect(parser.evaluate('$x', 'x' => 'é'.b)).to eq('é')
    end

    it 'rejects text that cannot be converted, naming its encoding' do
      expect { parser.evaluate('$x', 'x' => (+"\xff").force_encoding('UTF-16LE')) }
        .to raise_error(PuppetTypes::ArgumentError, /expected a UTF-8 String, got UTF-16LE text that cannot be converted/)
      expect { parser.evaluate('$x', 'x' => (+'abc').force_encoding('UTF-7')) }
        .to raise_error(PuppetTypes::ArgumentError, /got UTF-7 text that cannot be converted/)
      expect { parser.evaluate('$x', 'x' => "\xff".b) }
        .to raise_error(PuppetTypes::ArgumentError, /got ASCII-8BIT \(binary\) data that is not valid UTF-8.*'%r'/)
      expect { parser.evaluate('$x', 'x' => (+"\xff")) }
        .to raise_error(PuppetTypes::ArgumentError, /got UTF-8 text with bytes that are not valid UTF-8/)
    end
  end

  describe 'source text' do
    it 'transcodes ASCII-compatible source, as the reference reads it' do
      expect(PuppetTypes::TypeParser.parse(latin1("Enum['é']")).to_s).to eq("Enum['é']")
      expect(parser.evaluate(latin1("'é' == $x"), 'x' => 'é')).to be(true)
      expect(PuppetTypes::Lexer.tokenize('$a = 1'.encode('Shift_JIS')).size).to eq(3)
    end

    it 'refuses source that is not ASCII-compatible unless asked to transcode it' do
      expect { parser.evaluate(utf16("'é' == $x"), 'x' => 'é') }
        .to raise_error(PuppetTypes::ArgumentError, /UTF-16LE text, which is not ASCII-compatible/)
      expect { PuppetTypes::TypeParser.parse(utf16('Integer')) }.to raise_error(::ArgumentError, /UTF-16LE/)
      expect { PuppetTypes::Lexer.tokenize('$a = 1'.encode('UTF-16BE')) }.to raise_error(PuppetTypes::ArgumentError)
      expect { PuppetTypes::Parser.new.parse('$a = 1'.encode('UTF-32LE')) }.to raise_error(PuppetTypes::ArgumentError)
      expect(PuppetTypes::TypeParser.parse(utf16('Integer'), transcode: true).to_s).to eq('Integer')
      expect(PuppetTypes::Lexer.tokenize('$a = 1'.encode('UTF-16BE'), transcode: true).size)
        .to eq(PuppetTypes::Lexer.tokenize('$a = 1').size)
      expect(PuppetTypes::Parser.new.parse(utf16('$a = 1'), transcode: true).to_pn)
        .to eq(PuppetTypes::Parser.new.parse('$a = 1').to_pn)
    end

    it 'rejects source that cannot be converted' do
      expect { PuppetTypes::TypeParser.parse((+"\xff").force_encoding('UTF-16LE'), transcode: true) }
        .to raise_error(PuppetTypes::ArgumentError, /UTF-16LE/)
    end
  end

  describe 'data walked in place' do
    it 'checks transcoded text, never raw bytes' do
      pattern = PuppetTypes::TypeParser.parse('Pattern[/\Aa\z/]')
      expect(pattern.instance?(utf16('a'))).to be(true)
      expect(PuppetTypes::TypeParser.parse('Enum[abc]').instance?(utf16('abc'))).to be(true)
      expect(f.string(f.range(3, 3)).instance?(utf16('abc'))).to be(true)
      t = PuppetTypes::TypeParser.parse("Hash[Enum['é'], Array[String[1, 1]]]")
      expect(t.instance?({ latin1('é') => ['ü'.encode('Windows-1252')] })).to be(true)
      expect(PuppetTypes::TypeCalculator.instance?(f.enum('abc'), utf16('abc'))).to be(true)
    end

    it 'infers and describes transcoded text' do
      expect(PuppetTypes::TypeCalculator.infer(utf16('abc')).to_s).to eq('String')
      expect(PuppetTypes::TypeCalculator.infer_set([utf16('ab')]).to_s).to eq('Tuple[String]')
      expect(PuppetTypes::TypeCalculator.infer(Regexp.new(latin1('é'))).to_s).to eq('Regexp[/é/]')
      port = f.struct('a' => f.enum('é'))
      expect(PuppetTypes::TypeCalculator.describe_mismatch(port, { utf16('a') => latin1('é') })).to be_nil
      expect(PuppetTypes::TypeCalculator.describe_mismatch(port, { utf16('a') => latin1('ü') }))
        .to eq("entry 'a' expects a match for Enum['é'], got 'ü'")
    end

    # (the walk meets the Latin-1 text after it has answered for the subclass's
    # object, so it walks again over a transcoded copy: both walks must agree)
    it 'walks a transcoded copy that differs only in its text: subclasses of Array and Hash stay Runtime objects' do
      array_sub = Class.new(Array)
      hash_sub = Class.new(Hash)
      t = PuppetTypes::TypeParser.parse('Hash[String, Array[String]]')
      [{ 'a' => array_sub[latin1('é')], latin1('é') => ['x'] },
       { latin1('é') => array_sub[latin1('é')] }].each do |v|
        expect(t.instance?(v)).to be(false)
        expect(PuppetTypes::TypeCalculator.describe_mismatch(t, v)).to match(/expects an Array value, got Runtime/)
      end
      h = hash_sub[latin1('é') => 1]
      expect(PuppetTypes::TypeParser.parse('Array[Hash]').instance?([latin1('é'), h])).to be(false)
      expect(PuppetTypes::TypeCalculator.infer_set([latin1('é'), h]).to_s).to eq('Tuple[String, Runtime[ruby, undef]]')
      expect(PuppetTypes::Internal.instance_converted(t, { latin1('é') => array_sub[2**64] })).to be(false)
    end

    it 'walks a transcoded copy in which a Regexp keeps its options' do
      rx = Regexp.new(latin1('é'), Regexp::IGNORECASE | Regexp::EXTENDED)
      expect(PuppetTypes::TypeCalculator.infer(rx).to_s).to eq('Regexp[/(?ix-m:é)/]')
      expect(PuppetTypes::TypeCalculator.infer([latin1('é'), rx]).to_s)
        .to eq(PuppetTypes::TypeCalculator.infer(['é', Regexp.new('é', Regexp::IGNORECASE | Regexp::EXTENDED)]).to_s)
    end

    # (the copy was made level by level: a Hash holding itself twice was
    # copied 2**2000 times over, taking memory until the machine ran out)
    it 'walks a transcoded copy of shared and self-containing data made once per container' do
      require_relative 'support/subprocess'
      result = Subprocess.run(<<~RUBY, timeout: 120, memory: 4 << 30)
        h = { 'é'.encode('ISO-8859-1') => 1 }
        h['a'] = h
        h['b'] = h
        p PuppetTypes::TypeParser.parse('Hash[String, Any]').instance?(h)
        shared = ['é'.encode('ISO-8859-1')]
        p PuppetTypes::TypeParser.parse('Array[Variant[String, Array]]').instance?(Array.new(40) { shared }.reduce { |a, _| [a, a] })
      RUBY
      expect([result.success?, result.out]).to eq([true, "true\ntrue\n"]), result.to_s
    end

    it 'walks a transcoded copy that contains itself where the data does' do
      t = PuppetTypes::TypeParser.parse('Array[Variant[String, Array]]')
      a = [latin1('é')]
      a << a
      expect(t.instance?(a)).to be(true)
      expect(PuppetTypes::TypeCalculator.describe_mismatch(t, a)).to be_nil
      b = ['é']
      b << b
      expect(t.instance?(b)).to be(true)
    end

    it 'walks a transcoded copy that keeps two keys that are the same text once transcoded, as the reference' do
      [{ 'é' => 'x', latin1('é') => 1 }, { latin1('é') => 1, 'é' => 'x' }].each do |v|
        expect(PuppetTypes::TypeParser.parse('Hash[String, Variant[String, Integer], 2, 2]').instance?(v)).to be(true)
        one = PuppetTypes::TypeParser.parse('Hash[String, Variant[String, Integer], 1, 1]')
        expect(one.instance?(v)).to be(false)
        expect(PuppetTypes::TypeCalculator.describe_mismatch(one, v)).to eq('expects size to be 1, got 2')
        expect { parser.evaluate('$x', 'x' => v) }
          .to raise_error(PuppetTypes::ArgumentError, /two keys that are the same text once transcoded/)
      end
    end

    it 'answers for text that cannot be converted without raising (it is not a String value)' do
      expect(f.string.instance?((+"\xff").force_encoding('UTF-16LE'))).to be(false)
      expect(f.string.instance?("\xff".b)).to be(false)
    end
  end

  describe 'other entry points' do
    it 'transcodes Formatter, TypeFactory, AliasRegistry and rich value arguments' do
      expect(PuppetTypes::Formatter.string([latin1('é')], utf16('%s'))).to eq("['é']")
      expect(f.enum(latin1('é'), utf16('x')).to_s).to eq("Enum['x', 'é']")
      registry = PuppetTypes::AliasRegistry.new
      registry.add(utf16('Foo'), latin1("Enum['é']"))
      expect(registry['Foo'].to_s).to eq("Foo = Enum['é']")
      expect(registry.include?('Foo'.encode('UTF-32LE'))).to be(true)
      expect(PuppetTypes::SemVer.new(utf16('1.2.3')).to_s).to eq('1.2.3')
    end
  end

  describe 'Binary.new' do
    # Expected bytes from the reference: Binary.new(str, '%r') takes the String's
    # bytes whatever its encoding; '%s' takes its UTF-8 text.
    it "takes the bytes of any String in the '%r' form" do
      expect(PuppetTypes::Binary.new("\xff\xfe".b, '%r').bytes).to eq([255, 254])
      expect(PuppetTypes::Binary.new(utf16('ab'), '%r').bytes).to eq([97, 0, 98, 0])
      expect(PuppetTypes::Binary.new(latin1('é'), '%r').bytes).to eq([233])
      expect(PuppetTypes::Binary.new('é', '%r').bytes).to eq([195, 169])
      expect(PuppetTypes::Binary.new({ 'value' => "\xff".b, 'format' => '%r' }).bytes).to eq([255])
    end

    it "takes the UTF-8 text of a String in the '%s' form" do
      expect(PuppetTypes::Binary.new(latin1('é'), '%s').bytes).to eq([195, 169])
      expect(PuppetTypes::Binary.new(utf16('ab'), '%s').bytes).to eq([97, 98])
      expect { PuppetTypes::Binary.new("\xff".b, '%s') }.to raise_error(PuppetTypes::ArgumentError, /ASCII-8BIT/)
    end
  end
end
