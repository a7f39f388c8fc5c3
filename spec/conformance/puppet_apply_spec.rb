# frozen_string_literal: true

require 'spec_helper'
require 'open3'
require 'tmpdir'

# Whole programs as a user runs them: `puppet apply -e` (the reference's command,
# in a process of its own) against PuppetTypes::Evaluator. Every message the
# logging functions print (`Notice: Scope(Class[main]): ...`) must be the
# gem's log, in order: programs with functions, type aliases, lambdas,
# iteration, conditionals, heredocs, rich values and every log level, and
# with a module path, the modules' Puppet-language functions and aliases.
RSpec.describe 'Evaluator against puppet apply -e', reference: true do
  LEVELS = { 'Debug' => :debug, 'Info' => :info, 'Notice' => :notice, 'Warning' => :warning, 'Error' => :err,
             'Alert' => :alert, 'Critical' => :crit, 'Emergency' => :emerg }.freeze

  PROGRAM = <<~'PP'
    function mymod_double(Integer $x) >> Integer { $x * 2 }
    function fib(Integer $n) { if $n < 2 { return($n) } fib($n - 1) + fib($n - 2) }
    type Port = Integer[1, 65535]
    $ports = [80, 443, 8080]
    $ports.each |$i, $p| { notice("port ${i}: ${p} doubled ${mymod_double($p)}") }
    notice($ports =~ Array[Port], Port, fib(12))
    warning(reduce($ports) |$m, $x| { $m + $x })
    if $ports.size > 2 { info('many') } else { info('few') }
    $h = { 'a' => 1, 'b' => [1, 2] }
    unless 1 == 2 { err("unless ${h['b'][1]}") }
    $x = case 'abc' { /b/: { "matched ${0}" } default: { 'no' } }
    notice($x, $h, undef, default, [undef, 'x'], 1.5e10, /re.*x/)
    notice(@("END"/L))
      heredoc ${x} \
      continued
      | END
    [1, 2, 3, 4].each |$v| { if $v == 2 { next() } if $v == 4 { break() } notice($v) }
    $y = 5
    notice([1, 2, 3].map |$v| { if $v == 2 { next($v * 10) } $v + $y })
    alert('alert') crit('crit') emerg('emerg') debug('debug')
    notice(Sensitive('secret'), Sensitive(42).unwrap |$s| { $s * 2 })
    notice(Timespan(1) + Timespan(2), Timespan(10) / 4, Timestamp(1473150899) + 60)
    notice(Timestamp(1473150899) - Timestamp(1473150000))
    notice(Timestamp(1473150899).strftime('%Y-%m-%d %H:%M:%S %z'), Timespan(93784.5).strftime('%D-%H:%M:%S.%L'))
    notice(URI('http://bob:pwd@www.example.com:23/a/b?x=2#frag').host, URI('http://example.com/a/b/') + URI('c/d'))
    notice(Sensitive[String]('x'), Optional[Integer]('3'), NotUndef[Integer]('3'))
    notice(Tuple[Integer, String]([1, 'a']), Struct[{a => Integer}]({a => 1}), assert_type(Integer, 1))
    notice(SemVer('1.2.3') < SemVer('1.10.0'), SemVer('1.2.3') =~ SemVerRange('>=1.0.0 <2.0.0'), Binary('aGVsbG8='))
    notice(Integer('0x10'), Integer('10', 8), String(255, '%#o'), Boolean('yes'), Array({ 'a' => 1 }, true))
    notice(Init[Integer](['10', 8]), Init[String, '%x'](255), Hash([['a', 1], ['b', 2]]))
    notice(sprintf('%05.2f|%-4s|%x', 3.14159, 'ab', 255), regsubst('hello world', /o/, '0', 'G'))
    notice('a,b,c'.split(',').join('+'), [3, 1, 2].sort.reverse_each.map |$v| { $v }, { 'b' => 2, 'a' => 1 }.keys.sort)
    notice([1, [2, [3]]].flatten.unique.size, convert_to('12', Integer) + 1, min(3, 1, 2), max('a', 'b'))
    notice(abs(-3.5), ceiling(2.1), round(2.5), camelcase('hello_world'), '  x  '.strip, 'abc'.match(/(b)(c)/))
    notice([1, 2, 3, 4, 5].slice(2).map |$s| { $s }, [1, 2, 3].partition |$v| { $v > 1 })
    notice([1, 2, 3].group_by |$v| { $v % 2 }, 10.step(3).map |$v| { $v }, [1, [2]].tree_each.map |$p| { $p })
    notice(undef.lest || { 'fallback' }, 5.then |$v| { $v + 1 }, { a => { b => 1 } }.get('a.b'), compare('a', 'b'))
    notice([1, 2].any |$v| { $v > 1 }, [1, 2].all |$v| { $v > 1 }, ['a', 'b'].index('b'), type([1, 'a']))
    notice(inline_epp('<%= $a %>-<%= $b.map |$v| { $v * 2 } %>', { a => 'x', b => [1, 2] }))
    notice("${['a', 'b']} ${{ 'k' => 'v' }} ${Integer[1, 2]}")
  PP

  MODULE_PROGRAM = <<~'PP'
    notice(mymod::double(4), mymod::greet('bob'))
    notice(3 =~ Mymod::Port, 500 =~ Mymod::Port, Mymod::Port)
    type Local = Array[Mymod::Small]
    notice([1, 2] =~ Local, Local)
  PP

  # The messages `puppet apply -e` prints for `source` (with `modulepath`).
  def puppet_apply(source, modulepath: nil)
    Dir.mktmpdir('puppet_apply') do |dir|
      args = ['puppet', 'apply', '--color=false', '--log_level', 'debug', '--confdir', dir, '--vardir', dir,
              '--codedir', dir, '--logdest', 'console']
      args += ['--modulepath', modulepath] if modulepath
      out, status = Open3.capture2e(*args, '-e', source)
      expect(status.success?).to be(true), out
      out.lines.filter_map do |line|
        next unless (m = line.match(/\A(\w+): Scope\(Class\[main\]\): (.*?)(?: \(file: [^)]*\))?\n?\z/))

        [LEVELS.fetch(m[1]), m[2]]
      end
    end
  end

  # Log lines of a message spanning lines, as the console prints them, are
  # compared by their first line only.
  def first_lines(log)
    log.map { |level, message| [level, message.lines.first.to_s.chomp] }
  end

  it 'logs what puppet apply -e logs for a program' do
    ours = PuppetTypes::Evaluator.new.evaluate(PROGRAM).log
    expect(first_lines(ours)).to eq(puppet_apply(PROGRAM))
    expect(ours.size).to be > 30
  end

  it "logs what puppet apply -e logs with the modules' functions and aliases" do
    modulepath = File.expand_path('../fixtures/eval_modules', __dir__)
    env = PuppetTypes::Environment.new(modulepath: [modulepath])
    ours = PuppetTypes::Evaluator.new(environment: env).evaluate(MODULE_PROGRAM).log
    expect(first_lines(ours)).to eq(puppet_apply(MODULE_PROGRAM, modulepath: modulepath))
  end
end
