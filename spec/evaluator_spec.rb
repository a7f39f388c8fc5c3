# frozen_string_literal: true

require 'spec_helper'

RSpec.describe 'PuppetTypes::Parser#evaluate' do
  let(:parser) { PuppetTypes::Parser.new }

  it 'returns Ruby values' do
    expect(parser.evaluate('1 + 2')).to eq(3)
    expect(parser.evaluate('7.0 / 2')).to eq(3.5)
    expect(parser.evaluate('"a${1+2}b"')).to eq('a3b')
    expect(parser.evaluate("[1, 'a', undef]")).to eq([1, 'a', nil])
    expect(parser.evaluate('{a => [1, 2]}')).to eq({ 'a' => [1, 2] })
    expect(parser.evaluate('default')).to eq(:default)
    expect(parser.evaluate('')).to be_nil
  end

  it 'returns types as PuppetTypes::Type objects' do
    t = parser.evaluate('Integer[1, 10]')
    expect(t).to be_a(PuppetTypes::Type)
    expect(t.to_s).to eq('Integer[1, 10]')
    expect(parser.evaluate("type([1], 'generalized')").to_s).to eq('Array[Integer]')
  end

  it 'takes variables by String or Symbol name' do
    expect(parser.evaluate('$x * $y', { 'x' => 6, y: 7 })).to eq(42)
    expect(parser.evaluate('$h[a][1]', { 'h' => { 'a' => [1, 2] } })).to eq(2)
    expect(parser.evaluate('$t =~ Type[Integer]', { 't' => PuppetTypes::TypeParser.parse('Integer[1]') })).to be(true)
    expect(parser.evaluate('$missing')).to be_nil
  end

  it 'evaluates lambdas, conditionals and constructors' do
    expect(parser.evaluate('[1, 2, 3].filter |$x| { $x > 1 }.map |$x| { $x * 10 }')).to eq([20, 30])
    expect(parser.evaluate("$x = 'b' case $x { 'a': { 1 } 'B': { 2 } default: { 3 } }")).to eq(2)
    expect(parser.evaluate("Integer('0x10') + Numeric('1.5')")).to eq(17.5)
    expect(parser.evaluate("String(255, '%#x')")).to eq('0xff')
  end

  it 'raises EvaluationError with line and column' do
    expect { parser.evaluate("$x = 1\n$y = $x / 0") }.to raise_error(PuppetTypes::EvaluationError) { |e|
      expect(e.message).to eq('Division by 0 (line: 2, column: 11)')
    }
    expect { parser.evaluate('$x = 1 $x = 2') }.to raise_error(PuppetTypes::EvaluationError, /Cannot reassign variable '\$x'/)
    expect { parser.evaluate('no_such_function(1)') }.to raise_error(PuppetTypes::EvaluationError, /Unknown function/)
  end

  it 'names unsupported constructs and raises ParseError for bad syntax' do
    expect { parser.evaluate("class foo { } include foo") }.to raise_error(PuppetTypes::EvaluationError, /'include' needs a catalog/)
    expect { parser.evaluate('1 +') }.to raise_error(PuppetTypes::ParseError)
  end

  it 'rejects bad arguments' do
    expect { parser.evaluate(1) }.to raise_error(PuppetTypes::ArgumentError)
    expect { parser.evaluate('1', [1]) }.to raise_error(PuppetTypes::ArgumentError)
    expect { parser.evaluate('1', { 1 => 2 }) }.to raise_error(PuppetTypes::ArgumentError)
    expect { parser.evaluate('[' * 100_000) }.to raise_error(PuppetTypes::ParseError)
  end

  it 'agrees with the reference fixture (tests/fixtures/eval/expected.txt)' do
    nl = "\u23CE"
    path = File.expand_path('../tests/fixtures/eval/expected.txt', __dir__)
    skipped = ['"${true}"', 'Timespan(60)', 'include foo', 'notice(1)', 'Sensitive(1)',
               "file { '/tmp/x': ensure => present }", 'class foo { }', 'define foo::bar { }',
               "Integer('9223372036854775808')"]
    total = 0
    bad = []
    File.readlines(path, chomp: true).each do |line|
      src, status, want = line.split("\t", 3)
      next if skipped.include?(src)

      total += 1
      begin
        got = PuppetTypes::Formatter.string(parser.evaluate(src.gsub(nl, "\n")), '%p').gsub("\n", nl)
        bad << "#{src}: want #{status} #{want}, got #{got}" unless status == 'ok' && got == want
      rescue PuppetTypes::Error => e
        bad << "#{src}: want #{status} #{want}, got error #{e.message}" unless status == 'err'
      end
    end
    expect(bad).to eq([])
    expect(total).to be > 600
  end

  it 'raises an error with the pattern when a match backtracks catastrophically' do
    bad = "'#{'a' * 40}b'"
    expect(parser.evaluate("'aaa' =~ /^(a|aa)+$/")).to be(true)
    expect { parser.evaluate("#{bad} =~ /^(a|aa)+$/") }.to raise_error(PuppetTypes::Error, /gave up matching/)
    expect { parser.evaluate("/^(a|aa)+$/ in [#{bad}]") }.to raise_error(PuppetTypes::Error, /gave up matching/)
    expect { parser.evaluate("case #{bad} { /^(a|aa)+$/: { 1 } default: { 2 } }") }
      .to raise_error(PuppetTypes::Error, /gave up matching/)
    expect(parser.evaluate("'xab' =~ /(a)(b)/ ? { true => [$0, $1, $2], default => 0 }")).to eq(%w[ab a b])
  end

  it 'converts with format maps in String(value, formats) as the reference does' do
    # results observed from puppet 7.23's evaluating parser
    {
      'String(255, {Integer => "%x"})' => 'ff',
      "String([1, 'a'], {Array => {format => '%(a', separator => ';'}, Integer => '%03d'})" => "(1;'a')",
      "String({a => 1}, {Hash => {format => '%{h', separator => ' | ', separator2 => ' := '}})" => "{'a' := 1}",
      "String([1,[2]], {Array => {format => '%a', string_formats => {Integer => '%x'}}})" => '[1, [2]]',
      'String(255, {})' => '255',
      "String([1, 2.5], {Numeric => '%.2f', Integer => '%d'})" => '[1, 2.5]'
    }.each { |src, want| expect(parser.evaluate(src)).to eq(want), src }
    expect { parser.evaluate(%q{String(255, {'Integer' => "%x"})}) }
      .to raise_error(PuppetTypes::EvaluationError,
                      /parameter 'string_formats' variant 2 key of entry 'Integer' expects a Type value, got String/)
    expect { parser.evaluate('String([1], {Array => {bogus => 1}})') }
      .to raise_error(PuppetTypes::EvaluationError, /parameter 'string_formats' expects a Formats = Variant\[Default, /)
  end
end

RSpec.describe PuppetTypes::Evaluator do
  let(:evaluator) { described_class.new }

  it 'gives the last value and the log of a program' do
    r = evaluator.evaluate("notice(Timespan(1) + Timespan(2)) warning('w', 1) 42")
    expect(r.value).to eq(42)
    expect(r.log).to eq([[:notice, '0-00:00:03.0'], [:warning, 'w 1']])
    expect(r).to be_frozen
    expect(evaluator).to be_frozen
    expect(evaluator.environment).to be_nil
  end

  it 'takes variables and a path' do
    r = evaluator.evaluate('notice($x * 2) $y', variables: { 'x' => 21, y: 'why' }, path: '/tmp/t.pp')
    expect(r.value).to eq('why')
    expect(r.log).to eq([[:notice, '42']])
  end

  it 'evaluates the expressions of issue 22' do
    {
      'Timespan(1) + Timespan(2)' => '0-00:00:03.0', 'Timespan(10) / 4' => '0-00:00:02.5',
      'Timestamp(1473150899) + 60' => '2016-09-06T08:35:59.000000000 UTC',
      'Timestamp(1473150899) - Timestamp(1473150800)' => '0-00:01:39.0',
      "Timestamp(1473150899).strftime('%Y-%m-%d %H:%M:%S %z')" => '2016-09-06 08:34:59 +0000',
      "Timespan(93784.5).strftime('%D-%H:%M:%S.%L')" => '1-02:03:04.500',
      "URI('http://bob:pwd@www.example.com:23/a/b?x=2#frag').host" => 'www.example.com',
      "URI('http://example.com/a/b/') + URI('c/d')" => 'http://example.com/a/b/c/d',
      'Sensitive(42).unwrap |$s| { $s * 2 }' => '84', "Sensitive[String]('x')" => 'Sensitive [value redacted]',
      "Optional[Integer]('3')" => '3', "NotUndef[Integer]('3')" => '3',
      "Tuple[Integer, String]([1, 'a'])" => '[1, a]', 'Struct[{a => Integer}]({a => 1})' => '{a => 1}',
      'assert_type(Integer, 1)' => '1'
    }.each do |src, want|
      got = evaluator.evaluate("notice(#{src})").log
      expect(got).to eq([[:notice, want]]), src
    end
  end

  it 'runs functions, type aliases, lambdas and return' do
    r = evaluator.evaluate(<<~PP)
      type Small = Integer[1, 5]
      function clamp(Integer $x) >> Small {
        if $x > 5 { return(5) }
        max($x, 1)
      }
      [0, 3, 9].map |$v| { clamp($v) }
    PP
    expect(r.value).to eq([1, 3, 5])
  end

  it 'raises EvaluationError with the position, path and log' do
    expect { evaluator.evaluate("notice('before')\nfail('boom')", path: '/x.pp') }
      .to raise_error(PuppetTypes::EvaluationError) { |e|
        expect(e.message).to eq('Error while evaluating a Function Call, boom (file: /x.pp, line: 2, column: 1)')
        expect([e.path, e.line, e.column]).to eq(['/x.pp', 2, 1])
        expect(e.log).to eq([[:notice, 'before']])
      }
  end

  it 'says that catalog constructs need a catalog' do
    ["file { '/tmp/x': }", 'include foo', 'realize(File[x])', 'User <| |>', 'node default { }'].each do |src|
      expect { evaluator.evaluate(src) }.to raise_error(PuppetTypes::EvaluationError, /needs a catalog/), src
    end
  end

  it 'never shows the content of a Sensitive in an error' do
    expect { evaluator.evaluate("$s = Sensitive('hunter2') $s + 1") }
      .to raise_error(PuppetTypes::EvaluationError) { |e| expect(e.message).not_to include('hunter2') }
    expect { evaluator.evaluate("Sensitive[Integer]('hunter2')") }
      .to raise_error(PuppetTypes::EvaluationError) { |e| expect(e.message).not_to include('hunter2') }
  end

  describe 'with an environment' do
    # The fixture module's answers are those of
    # `puppet apply --modulepath spec/fixtures/eval_modules -e '<program>'`.
    let(:env) { PuppetTypes::Environment.new(modulepath: [File.expand_path('fixtures/eval_modules', __dir__)]) }
    let(:evaluator) { described_class.new(environment: env) }

    it 'calls the modules\' functions and resolves their type aliases' do
      r = evaluator.evaluate(<<~PP)
        notice(mymod::double(4)) notice(mymod::greet('bob'))
        notice(3 =~ Mymod::Port, 500 =~ Mymod::Port)
        type Local = Array[Mymod::Small] notice([1, 2] =~ Local) notice(Mymod::Port)
      PP
      expect(r.log).to eq([[:notice, '8'], [:notice, 'greeting bob'], [:notice, 'hello, bob'],
                           [:notice, 'true false'], [:notice, 'true'],
                           [:notice, 'Mymod::Port = Variant[Mymod::Small = Integer[0, 10], Integer[1024, 65535]]']])
      expect(evaluator.environment).to be(env)
    end

    it 'places an error raised in a module function in its file' do
      expect { evaluator.evaluate('mymod::double(9)') }.to raise_error(PuppetTypes::EvaluationError) { |e|
        expect(e.message).to start_with('Error while evaluating a Function Call, too big: 9 (file: ')
        expect(e.path).to end_with('eval_modules/mymod/functions/double.pp')
        expect([e.line, e.column]).to eq([4, 5])
      }
      expect { evaluator.evaluate('mymod::double(20)') }.to raise_error(
        PuppetTypes::EvaluationError,
        "Error while evaluating a Function Call, 'mymod::double' parameter 'x' expects a Mymod::Small = " \
        'Integer[0, 10] value, got Integer[20, 20] (line: 1, column: 1)'
      )
      expect { evaluator.evaluate('notice(Foo::Bar)') }
        .to raise_error(PuppetTypes::EvaluationError, 'Resource type not found: Foo::Bar (line: 1, column: 8)')
    end

    it 'names the file of a module function written in Ruby, which it does not run' do
      # (the reference runs them: `notice(mymod::shout('a'), whisper('B'))` logs "A b")
      expect { evaluator.evaluate("notice(mymod::shout('a'))") }.to raise_error(PuppetTypes::EvaluationError) { |e|
        expect(e.message).to match(%r{\AThe function 'mymod::shout' is written in Ruby \(\S+/eval_modules/mymod/lib/puppet/functions/mymod/shout\.rb\) and is not supported by this evaluator \(line: 1, column: 8\)\z})
      }
      expect { evaluator.evaluate("whisper('B')") }
        .to raise_error(PuppetTypes::EvaluationError, %r{written in Ruby \(\S+/lib/puppet/parser/functions/whisper\.rb\)})
      expect { evaluator.evaluate("mymod::nope('B')") }
        .to raise_error(PuppetTypes::EvaluationError, "Unknown function: 'mymod::nope'. (line: 1, column: 1)")
    end

    it 'rejects what is not an environment' do
      expect { described_class.new(environment: 'x') }.to raise_error(PuppetTypes::ArgumentError)
    end
  end

  it 'raises ParseError for bad syntax and ArgumentError for bad arguments' do
    expect { evaluator.evaluate('1 +') }.to raise_error(PuppetTypes::ParseError)
    expect { evaluator.evaluate(1) }.to raise_error(PuppetTypes::ArgumentError)
    expect { evaluator.evaluate('1', path: 1) }.to raise_error(PuppetTypes::ArgumentError)
  end
end
