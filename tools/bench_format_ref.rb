#!/usr/bin/env ruby
# The mixed String-conversion workload of the format benchmark.
#
#   ruby tools/bench_format_ref.rb --write   # writes tests/fixtures/format/bench_workload.tsv
#   ruby tools/bench_format_ref.rb           # times the reference on it: prints "ref_ns_per_item <n>"
#
# benches/format.rs reads the same file, times the Rust side and runs this script
# for the reference time, so both are measured in the same run.
require 'puppet'
require_relative 'ref_format' # q and enc: the value codes the Rust side reads

BENCH_SC = Puppet::Pops::Types::StringConverter
BENCH_PATH = File.expand_path('../tests/fixtures/format/bench_workload.tsv', __dir__)

def workload
  rnd = Random.new(42)
  items = []
  400.times do |i|
    v = case i % 8
        when 0 then rnd.rand(-1_000_000..1_000_000)
        when 1 then rnd.rand * 10**rnd.rand(-6..12)
        when 2 then ["plain#{i}", "it's #{i}", "tab\there", "multi\nline", 'ünïcödé', "back\\slash"][i % 6]
        when 3 then [true, false][i % 2]
        when 4 then :default
        when 5 then (1..rnd.rand(2..8)).map { |j| [j, "s#{j}", j * 1.5, nil][j % 4] }
        when 6 then { 'name' => "n#{i}", 'size' => i, 'tags' => ['a', 'b', i], 'nested' => { 'x' => 1.25, 'y' => [true, nil] } }
        else [[1, 2, [3, 4]], { 'k' => [i, 'v'] }, 'z']
        end
    f = case i % 5
        when 0, 1 then :default
        when 2 then { 0 => '%#x', 1 => '%.3e', 2 => '%p', 3 => '%y', 4 => '%D', 5 => '%(a', 6 => '%#h', 7 => '%#a' }[i % 8]
        when 3 then { 0 => '%+08d', 1 => '%g', 2 => '%#u', 3 => '%s', 4 => '%p', 5 => '%#3a', 6 => '%h', 7 => '%p' }[i % 8]
        else '%p'
        end
    items << [v, f]
  end
  items
end

if __FILE__ == $PROGRAM_NAME
  if ARGV.include?('--write')
    File.open(BENCH_PATH, 'w') do |io|
      workload.each { |v, f| io.puts [enc(v), f == :default ? 'D' : q(f)].join("\t") }
    end
    puts "wrote #{BENCH_PATH}"
    exit
  end

  # Time the reference over the workload file (the same values the Rust side reads).
  items = workload
  run = -> { items.each { |v, f| BENCH_SC.convert(v, f) } }
  run.call
  count = 0
  start = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  elapsed = 0.0
  while elapsed < 2.0
    run.call
    count += 1
    elapsed = Process.clock_gettime(Process::CLOCK_MONOTONIC) - start
  end
  puts "ref_ns_per_item #{(elapsed / count / items.size * 1e9).round(1)}"
end
