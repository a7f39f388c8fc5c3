# frozen_string_literal: true

require_relative '../spec_helper'
require_relative '../support/subprocess'
require 'fileutils'
require 'tmpdir'

# Every call answers Ctrl-C, Thread#raise and Timeout within about a second,
# whatever the input, and the interrupt reaches the caller. Each case runs in
# a Ruby process of its own (signals go to the whole process).
RSpec.describe 'Interrupts and time' do
  # `type` doubles at each level and `value` does not match it: instance?
  # takes about 2**levels steps (minutes for 28 levels).
  DOUBLING = <<~RUBY
    def doubling(levels)
      f = PuppetTypes::TypeFactory
      type = f.integer
      value = 's'
      levels.times do
        type = f.variant(f.array_of(type), f.tuple([type]))
        value = [value]
      end
      [type, value]
    end
  RUBY

  # Prints what the block raised and how long after `at` seconds it did
  # (failing past a second); with `signal`, another process sends it then.
  LATENCY = <<~RUBY
    def latency(at, signal = nil)
      started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
      Process.detach(Process.spawn("sleep \#{at}; kill -\#{signal} \#{Process.pid}")) if signal
      begin
        yield
        puts 'answered'
      rescue Exception => e
        late = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started - at
        puts e.class
        $stdout.flush
        STDERR.puts "latency \#{late.round(3)}"
        exit!(late < 1.0 ? 0 : 3)
      end
    end
  RUBY

  def expect_interrupted(result, exception)
    expect(result.out).to eq("#{exception}\n"), result.to_s
    expect(result.success?).to be(true), result.to_s
  end

  it 'raises Interrupt when Ctrl-C comes during the first parse of a process' do
    result = Subprocess.run(<<~RUBY, timeout: 60)
      #{LATENCY}
      source = "notice(1)\\n" * 3_000_000
      latency(0.3, 'INT') { PuppetTypes::Parser.new.parse(source) }
    RUBY
    expect_interrupted(result, 'Interrupt')
  end

  it 'raises Interrupt when Ctrl-C comes during infer_set of big data' do
    result = Subprocess.run(<<~RUBY, timeout: 60)
      #{LATENCY}
      # (each result holds more than the 32 MB after which the gem asks Ruby
      # for a minor GC, where an interrupt used to be lost)
      tags = %w[a b]
      data = Array.new(600_000) { |i| { 'name' => 'n', 'port' => i, 'tags' => tags } }
      GC.start
      latency(0.3, 'INT') { 6.times { PuppetTypes::TypeCalculator.infer_set(data) } }
    RUBY
    expect_interrupted(result, 'Interrupt')
  end

  # Work linear in a big input, answered part way through: the lexer's
  # tokens turned into Ruby arrays, data converted and formatted, a type
  # string of a million parameters read, a hiera data file of 100 MB read.
  {
    'a big manifest is tokenized' => <<~RUBY,
      source = "notice(1)\\n" * 1_500_000
      latency(0.3, 'INT') { PuppetTypes::Lexer.tokenize(source) }
    RUBY
    'big data is formatted' => <<~RUBY,
      data = Array.new(2_000_000) { |i| { 'a' => [i, 'x', 2.5] } }
      latency(0.3, 'INT') { 3.times { PuppetTypes::Formatter.string(data, '%p') } }
    RUBY
    'a type string of a million parameters is read' => <<~RUBY,
      source = 'Variant[' + (1..2_000_000).map { |i| "Enum[a\#{i}]" }.join(', ') + ']'
      latency(0.3, 'INT') { PuppetTypes::TypeParser.parse(source, cache: false) }
    RUBY
    'a big hiera data file is read' => <<~RUBY
      require 'tmpdir'
      Dir.mktmpdir do |dir|
        path = File.join(dir, 'common.yaml')
        File.write(path, "x::y:\\n" + (1..1_500_000).map { |i| "  - a: \#{i}\\n    b: s\#{i}\\n" }.join)
        check = PuppetTypes::DataCheck.new(PuppetTypes::Environment.new(modulepath: []))
        latency(0.3, 'INT') { 3.times { check.check_file(path) } }
      end
    RUBY
  }.each do |what, work|
    it "raises Interrupt within a second when Ctrl-C comes while #{what}" do
      result = Subprocess.run("#{LATENCY}\n#{work}", timeout: 60)
      expect_interrupted(result, 'Interrupt')
    end
  end

  it 'answers Timeout within a second while a big manifest is tokenized' do
    result = Subprocess.run(<<~RUBY, timeout: 60)
      require 'timeout'
      #{LATENCY}
      source = "notice(1)\\n" * 1_500_000
      latency(0.5) { Timeout.timeout(0.5) { PuppetTypes::Lexer.tokenize(source) } }
    RUBY
    expect_interrupted(result, 'Timeout::Error')
  end

  it 'answers Timeout within a second during Evaluator#evaluate with an environment another thread uses' do
    result = Subprocess.run(<<~RUBY, timeout: 60)
      require 'timeout'
      require 'tmpdir'
      require 'fileutils'
      #{LATENCY}
      Dir.mktmpdir do |dir|
        FileUtils.mkdir_p(%w[types functions].map { |d| File.join(dir, 'm', d) })
        File.write(File.join(dir, 'm/types/port.pp'), "type M::Port = Integer[0, 65535]\\n")
        File.write(File.join(dir, 'm/functions/twice.pp'), "function m::twice(Integer $x) >> Integer { $x * 2 }\\n")
        env = PuppetTypes::Environment.new(modulepath: [dir])
        # (the environment's locks are never held while Ruby runs: this
        # thread would wait for them holding the GVL)
        Thread.new do
          loop { |i| PuppetTypes::Evaluator.new(environment: env).evaluate("m::twice(1) =~ M::Port") }
        end
        long = 'Integer[1, 9000000].each |$i| { if m::twice($i) =~ M::Port { } }'
        latency(0.5) { Timeout.timeout(0.5) { PuppetTypes::Evaluator.new(environment: env).evaluate(long) } }
      end
    RUBY
    expect_interrupted(result, 'Timeout::Error')
  end

  it 'answers Timeout and Ctrl-C within a second during a check of minutes' do
    result = Subprocess.run(<<~RUBY, timeout: 60)
      require 'timeout'
      #{DOUBLING}
      #{LATENCY}
      type, value = doubling(28)
      latency(0.5) { Timeout.timeout(0.5) { type.instance?(value) } }
    RUBY
    expect_interrupted(result, 'Timeout::Error')
    result = Subprocess.run(<<~RUBY, timeout: 60)
      #{DOUBLING}
      #{LATENCY}
      type, value = doubling(28)
      latency(0.3, 'INT') { PuppetTypes::TypeCalculator.describe_mismatch(type, value) }
    RUBY
    expect_interrupted(result, 'Interrupt')
  end

  it 'answers Thread#raise from another thread within a second' do
    result = Subprocess.run(<<~RUBY, timeout: 60)
      #{DOUBLING}
      #{LATENCY}
      type, value = doubling(28)
      main = Thread.current
      Thread.new { sleep 0.3; main.raise(IOError, 'stop') }
      latency(0.3) { type.instance?(value) }
    RUBY
    expect_interrupted(result, 'IOError')
  end

  it 'answers Timeout within a second during evaluation' do
    result = Subprocess.run(<<~RUBY, timeout: 60)
      require 'timeout'
      #{LATENCY}
      source = 'Integer[1, 5000].each |$i| { Integer[1, 5000].each |$j| { $i + $j } }'
      latency(0.5) { Timeout.timeout(0.5) { PuppetTypes::Parser.new.evaluate(source) } }
    RUBY
    expect_interrupted(result, 'Timeout::Error')
  end

  it 'stops a check dominated by a backtracking pattern within a second, whatever the number of elements' do
    result = Subprocess.run(<<~RUBY, timeout: 60)
      require 'timeout'
      t = PuppetTypes::TypeParser.parse('Array[Variant[Pattern[/^(a+)+\\\\1$/], String]]')
      [40, 1_000].each do |n|
        data = Array.new(n) { |i| 'a' * 23 + 'b' * (1 + i % 2) }
        started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
        begin
          Timeout.timeout(1) { t.instance?(data) }
        rescue Timeout::Error, PuppetTypes::ArgumentError => e
          puts e.class
        end
        $stdout.flush
        STDERR.puts "took \#{Process.clock_gettime(Process::CLOCK_MONOTONIC) - started}"
        exit!(3) if Process.clock_gettime(Process::CLOCK_MONOTONIC) - started > 1.5
      end
    RUBY
    expect(result.success?).to be(true), result.to_s
    expect(result.out).to eq("PuppetTypes::ArgumentError\n" * 2)
  end

  it 'recovers from syntax errors in time linear in the source, and answers Ctrl-C meanwhile' do
    parser = PuppetTypes::Parser.new
    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    _, errors = parser.parse_with_recovery("$x = ,\n" * 100_000)
    expect(errors.size).to eq(100_000)
    expect(errors.last.line).to eq(100_000)
    expect(Process.clock_gettime(Process::CLOCK_MONOTONIC) - started).to be < 10
    result = Subprocess.run(<<~RUBY, timeout: 60)
      #{LATENCY}
      latency(0.3, 'INT') { 20.times { PuppetTypes::Parser.new.parse_with_recovery("$x = ,\\n" * 100_000) } }
    RUBY
    expect_interrupted(result, 'Interrupt')
  end

  it 'answers Ctrl-C and Timeout within a second while files are parsed with the GVL released' do
    Dir.mktmpdir('puppet_types_modules') do |dir|
      # 4,000 files of 24 KB: seconds of parsing on all cores
      body = (1..400).map { |i| "  $x#{i} = [#{i}, \"s#{i}\", {a => #{i}}]\n  notice(\"${x#{i}}\")\n" }.join
      40.times do |m|
        FileUtils.mkdir_p(File.join(dir, "m#{m}", 'manifests'))
        100.times do |f|
          File.write(File.join(dir, "m#{m}", 'manifests', "c#{f}.pp"), "class m#{m}::c#{f}(Integer $p = 1) {\n#{body}}\n")
        end
      end
      result = Subprocess.run(<<~RUBY, timeout: 120)
        require 'timeout'
        def timed
          started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
          Timeout.timeout(0.3) { yield }
          puts 'answered'
        rescue Timeout::Error => e
          late = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started - 0.3
          puts "\#{e.class} \#{late < 1.0 ? 'in time' : "\#{late.round(2)} s late"}"
        end
        env = PuppetTypes::Environment.new(modulepath: [#{dir.inspect}])
        timed { env.load_all }
        timed { PuppetTypes::Strings.__generate([#{dir.inspect}]) }
        timed { PuppetTypes::Parser.new.validate("notice(1)\\n" * 3_000_000) }
        timed { PuppetTypes::Parser.new.__validate_paths([#{dir.inspect}], nil, PuppetTypes::Parser::Progress.new, nil) }
        # (the files loaded before the interruption are whole: the rest load later)
        puts env.definitions.size
      RUBY
      expect(result.out).to eq("Timeout::Error in time\n" * 4 + "4000\n"), result.to_s
      result = Subprocess.run(<<~RUBY, timeout: 120)
        #{LATENCY}
        latency(0.3, 'INT') { PuppetTypes::Environment.new(modulepath: [#{dir.inspect}]).load_all }
      RUBY
      expect_interrupted(result, 'Interrupt')
    end
  end

  it 'converts an evaluation result with shared structure in time and memory linear in its distinct parts' do
    result = Subprocess.run(<<~RUBY, timeout: 30, memory: 2 << 30)
      result = PuppetTypes::Parser.new.evaluate('Integer[1, 40].reduce({a => 1}) |$m, $v| { $m + {"${v}" => $m} }')
      puts result.size
      # a part shared in the Puppet value is one Ruby object, as the reference's
      puts result['40']['39'].equal?(result['39'])
    RUBY
    expect(result.success?).to be(true), result.to_s
    expect(result.out).to eq("41\ntrue\n")
    expect(result.seconds).to be < 10
  end
end
