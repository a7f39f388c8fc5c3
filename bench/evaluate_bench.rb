# frozen_string_literal: true

# Issue 22's evaluator workloads: PuppetTypes::Evaluator#evaluate (parse and
# evaluate, with the log) over expressions and small programs, against the
# reference's EvaluatingParser#evaluate_string in the same process.

EVAL_EXPRESSIONS = [
  '1 + 2 * 3 - 4 / 2', "'abc' =~ /b(c)/", '[1, 2, 3] + [4] - [2]', "{a => 1, b => 2} + {c => 3}",
  "'Hello' in ['hello', 'world']", 'Integer[1, 10] > Integer[2, 3]', '5 =~ Integer[1, 10]',
  "\"x${1 + 2}y${[1, 'a']}\"", '$x = 3 $x * $x', "[1, 2, 3].map |$v| { $v * 2 }",
  "Integer('0x10') + Numeric('1.5')", "String(255, '%#x')", "$h = {a => [1, 2]} $h['a'][1]",
  'Timespan(93784.5) + Timespan(2)', "Timestamp(1473150899).strftime('%Y-%m-%d %H:%M:%S %z')",
  "SemVer('1.2.3') =~ SemVerRange('>=1.0.0 <2.0.0')", "URI('http://example.com/a/b/') + URI('c/d')",
  'type([1, 2])', "'b' ? { 'a' => 1, /b/ => 2, default => 3 }", 'if 3 > 2 { yes } else { no }'
].freeze

EVAL_PROGRAMS = [
  <<~PP,
    $servers = ['web1', 'web2', 'db1']
    $web = $servers.filter |$s| { $s =~ /^web/ }
    $ports = $web.map |$i, $s| { 8000 + $i }
    notice("web: ${web.join(', ')} on ${ports}")
    $ports.reduce |$a, $b| { $a + $b }
  PP
  <<~PP,
    $config = { 'name' => 'app', 'port' => 8080, 'tags' => ['a', 'b'] }
    case $config['port'] {
      Integer[1, 1023]: { $kind = 'system' }
      Integer[1024, 49151]: { $kind = 'registered' }
      default: { $kind = 'dynamic' }
    }
    assert_type(Struct[{name => String, port => Integer, tags => Array[String]}], $config)
    "${config['name']}:${config['port']} (${kind})"
  PP
  <<~PP,
    $words = split('the quick brown fox jumps', ' ')
    $lengths = $words.map |$w| { $w.length }
    $long = $words.filter |$w| { $w.length > 4 }.map |$w| { upcase($w) }
    [$lengths, $long, $words.sort, max(*$lengths)]
  PP
  <<~PP,
    $start = Timestamp('2016-09-06T08:34:59 UTC')
    $spans = [1, 2, 3].map |$h| { Timespan({ hours => $h }) }
    $ends = $spans.map |$s| { ($start + $s).strftime('%H:%M') }
    $total = $spans.reduce |$a, $b| { $a + $b }
    [$ends, $total > Timespan(3600 * 5)]
  PP
  <<~PP,
    $versions = ['1.2.3', '2.0.0-rc.1', '1.10.0', '0.9.9'].map |$v| { SemVer($v) }
    $range = SemVerRange('>=1.0.0 <2.0.0')
    $ok = $versions.filter |$v| { $v =~ $range }
    [$ok.map |$v| { String($v) }, $versions.sort |$a, $b| { compare($a, $b) }.map |$v| { "${v}" }]
  PP
  <<~PP
    $data = { 'a' => { 'b' => [1, 2, { 'c' => 'deep' }] } }
    $found = dig($data, 'a', 'b', 2, 'c')
    with($found) |$x| { "${x}-${x.length}" }
  PP
].freeze

# The reference's evaluator, set up once: a compiler's loaders and a fresh
# scope per evaluation (programs assign variables).
module EvalBench
  class << self
    def reference(source)
      setup
      Puppet.override(loaders: @compiler.loaders) do
        @parser.evaluate_string(Puppet::Parser::Scope.new(@compiler), source)
      end
    end

    def setup
      return if @parser

      Reference.with_loaders { nil }
      @compiler = Puppet::Parser::Compiler.new(Puppet::Node.new('bench'))
      @parser = Puppet::Pops::Parser::EvaluatingParser.new
    end
  end
end

def eval_workload(w, sources)
  w.items = sources.size
  evaluator = PuppetTypes::Evaluator.new
  w.check do
    sources.each do |s|
      mine = PuppetTypes::Formatter.string(evaluator.evaluate(s).value, '%s')
      next unless Reference.available?

      theirs = Puppet::Pops::Types::StringConverter.convert(EvalBench.reference(s), '%s')
      raise "#{s}: gem #{mine.inspect}, reference #{theirs.inspect}" unless mine == theirs
    end
  end
  w.gem { sources.each { |s| evaluator.evaluate(s) } }
  w.reference { sources.each { |s| EvalBench.reference(s) } }
end

Bench.workload 'evaluate_expressions', target: 50,
                                       description: 'Evaluator#evaluate over 20 expressions' do |w|
  eval_workload(w, EVAL_EXPRESSIONS)
end

Bench.workload 'evaluate_mixed', target: 50,
                                 description: 'Evaluator#evaluate over 20 expressions and 6 small programs' do |w|
  eval_workload(w, EVAL_EXPRESSIONS + EVAL_PROGRAMS)
end
