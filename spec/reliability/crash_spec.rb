# frozen_string_literal: true

require_relative '../spec_helper'
require_relative '../support/subprocess'

# Ruby code that changes the data a check walks (from a method the check
# calls, another thread, a signal handler) must not crash the process or
# make the check read freed memory; a recursion of the gem never reaches the
# end of the machine stack. Each case runs in a Ruby process of its own.
RSpec.describe 'Crash safety' do
  # Empty `array` (Ruby frees its elements' buffer, big enough to be given
  # back to the system), collect, then fill freed memory with bytes that are
  # no object's address: a walk still reading the old buffer reads garbage or
  # crashes.
  EMPTY_AND_SCRIBBLE = <<~RUBY
    def empty_and_scribble(array)
      array.replace([])
      GC.start
      $junk = Array.new(2_000) { "\\x10" * 399 }
    end
  RUBY

  def expect_clean(result, output)
    expect(result.success?).to be(true), result.to_s
    expect(result.err).not_to include('[BUG]')
    expect(result.out).to eq(output)
  end

  it 'survives a Regexp subclass whose source method changes the array being checked' do
    result = Subprocess.run(<<~RUBY)
      #{EMPTY_AND_SCRIBBLE}
      class EvilRegexp < Regexp
        def source
          empty_and_scribble($a)
          super
        end
      end
      t = PuppetTypes::TypeParser.parse('Array[Variant[Init[Integer], Regexp, Array]]')
      answers = Array.new(8) do
        $a = [EvilRegexp.new('x')] + Array.new(20_000) { ['x'] }
        t.instance?($a)
      end
      puts answers.uniq.inspect
    RUBY
    expect_clean(result, "[true]\n")
  end

  it 'survives an object whose object_id method changes the array being checked' do
    result = Subprocess.run(<<~RUBY)
      #{EMPTY_AND_SCRIBBLE}
      class Evil
        def object_id
          empty_and_scribble($a)
          42
        end
      end
      t = PuppetTypes::TypeParser.parse("Array[Variant[Init[Integer], Runtime[ruby, 'Evil'], Array]]")
      answers = Array.new(8) do
        $a = [Evil.new] + Array.new(20_000) { ['x'] }
        t.instance?($a)
      end
      puts answers.uniq.inspect
    RUBY
    expect_clean(result, "[true]\n")
  end

  it 'survives a Latin-1 String subclass whose encode method clears the hash being checked' do
    result = Subprocess.run(<<~RUBY)
      class Latin < String
        def encode(*args)
          $h.clear
          GC.start
          $junk = Array.new(2_000) { "\\x10" * 399 }
          super
        end
      end
      t = PuppetTypes::TypeParser.parse('Hash[String, Any]')
      answers = Array.new(20) do
        $h = {}
        20.times { |i| $h[Latin.new("k\\xe9\#{i}".force_encoding('ISO-8859-1'))] = ['x' * 100] * 3 }
        t.instance?($h)
      end
      puts answers.uniq.inspect
    RUBY
    expect_clean(result, "[true]\n")
  end

  it 'answers right while another thread replaces the data being checked' do
    result = Subprocess.run(<<~RUBY, timeout: 120)
      t = PuppetTypes::TypeParser.parse('Array[Variant[Init[Integer], Runtime, Array[String]]]')
      make = -> { Array.new(100_000) { |i| i.even? ? Object.new : ['a', 'b'] } }
      $arr = make.call
      stop = false
      mutator = Thread.new do
        until stop
          $arr.replace(make.call)
          GC.start
        end
      end
      answers = Array.new(8) { t.instance?($arr) }
      stop = true
      mutator.join
      puts answers.uniq.inspect
    RUBY
    expect_clean(result, "[true]\n")
  end

  it 'answers right while a signal handler changes the data being checked' do
    result = Subprocess.run(<<~RUBY, timeout: 120)
      t = PuppetTypes::TypeParser.parse('Array[Variant[Integer, Array[String], Hash[String, String]]]')
      $arr = Array.new(100_000) { |i| [i, ['a'], { 'k' => 'v' }][i % 3] }
      trap('USR1') do
        $arr.map! { |x| x.is_a?(Integer) ? -x : x }
        $arr.each { |x| x.clear if x.is_a?(Hash) }
        GC.start
      end
      pid = Process.pid
      killer = Thread.new { 10.times { sleep 0.02; Process.kill('USR1', pid) } }
      answers = Array.new(40) { t.instance?($arr) }
      killer.join
      puts answers.uniq.inspect
    RUBY
    expect_clean(result, "[true]\n")
  end

  it 'describes mutually recursive aliases without exhausting the stack' do
    result = Subprocess.run(<<~RUBY)
      r = PuppetTypes::AliasRegistry.new
      r.add('A', 'Variant[B]')
      r.add('B', 'Optional[A]')
      t = PuppetTypes::TypeParser.parse('A', aliases: r)
      messages = Array.new(200) { PuppetTypes::TypeCalculator.describe_mismatch(t, 1) }
      puts messages.uniq.size
      puts t.instance?(1)
    RUBY
    expect_clean(result, "1\nfalse\n")
  end

  # The gem looks its classes up once, at load: a lookup at first use would
  # run Ruby code in the middle of a call, and an interrupt pending there (or
  # a user's const_get) made it panic.
  it 'makes every object of its own classes without asking Ruby for the class by name' do
    result = Subprocess.run(<<~RUBY, timeout: 120)
      class << Object
        def const_get(*) = raise('const_get called')
      end
      site = '#{File.expand_path('../../examples/control-repo/site', __dir__)}'
      env = PuppetTypes::Environment.new(modulepath: [site])
      env.load_all
      puts env.diagnostics.class
      d = env.find_class('profile::webserver')
      puts d.class, d.parameters.first.class
      puts PuppetTypes::Parser.new.validate('class {').first.class
      progress = PuppetTypes::Parser::Progress.new
      puts progress.class
      check = PuppetTypes::DataCheck.new(env)
      puts check.check_hash({ 'profile::webserver::port' => 'x' }).first.class
      puts PuppetTypes::Parser.new.parse('$a = 1').class
      puts PuppetTypes::SemVer.new('1.2.3').class
    RUBY
    expect_clean(result, <<~OUT)
      Array
      PuppetTypes::Definition
      PuppetTypes::Parameter
      PuppetTypes::Diagnostic
      PuppetTypes::Parser::Progress
      PuppetTypes::Diagnostic
      PuppetTypes::AST
      PuppetTypes::SemVer
    OUT
  end

  it 'walks types and data nested far deeper than the stack holds, in a thread with a small stack' do
    result = Subprocess.run(<<~RUBY, timeout: 120)
      c = PuppetTypes::TypeCalculator
      f = PuppetTypes::TypeFactory
      deep = 1
      5_000.times { deep = [deep] }
      type = f.integer
      5_000.times { type = f.array_of(type) }
      Thread.new do
        puts c.instance?(f.data, deep)
        puts c.infer(deep).instance?(deep)
        puts c.assignable?(type, c.infer(deep))
        puts c.describe_mismatch(type, deep).inspect
        puts c.infer_set(deep).to_s.size
      end.join
    RUBY
    expect_clean(result, "true\ntrue\ntrue\nnil\n#{PuppetTypes::TypeCalculator.infer_set(1).to_s.size + 5_000 * 7}\n")
  end

  it 'runs the other walks of types, values and programs as deep as their limits in a thread with a small stack' do
    result = Subprocess.run(<<~RUBY, timeout: 120, env: { 'RUBY_THREAD_MACHINE_STACK_SIZE' => '262144' })
      c = PuppetTypes::TypeCalculator
      f = PuppetTypes::TypeFactory
      data = 1
      1_900.times { data = [data] }
      type = f.integer
      4_000.times { type = f.array_of(type) }
      deep = "\#{'[' * 4_900}1\#{']' * 4_900}"
      Thread.new do
        text = type.to_s
        again = PuppetTypes::TypeParser.parse(text, cache: false)
        puts again == type && again.hash == type.hash
        puts c.common_type(type, again) == type
        puts c.common_type(c.infer(data), c.infer([data])).to_s == "\#{'Array[' * 1_900}Data\#{']' * 1_900}"
        puts c.generalize(c.infer(data)).to_s == "\#{'Array[' * 1_900}Integer\#{']' * 1_900}"
        puts c.assignable?(type, again)
        puts PuppetTypes::Formatter.string(data).size
        parser = PuppetTypes::Parser.new
        puts parser.evaluate("\#{'(' * 2_000}1\#{')' * 2_000}")
        p parser.evaluate("$a = \#{deep} $b = \#{deep} [$a == $b, $a in [$b], [$a, $b].unique.length, $a =~ Array]")
        puts parser.validate("\#{'(' * 4_900}1\#{')' * 4_900}").size
        puts parser.parse(deep).to_pn.size
      end.join
    RUBY
    expect_clean(result, "true\ntrue\ntrue\ntrue\ntrue\n3801\n1\n[true, true, 1, true]\n0\n39201\n")
  end
end
