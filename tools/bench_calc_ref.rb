#!/usr/bin/env ruby
# frozen_string_literal: true

# The reference's timings for the issue 3 calculator workloads (compare with
# `cargo bench --bench calc`, which builds the same types and data).
require 'puppet'
require 'benchmark'
include Puppet::Pops::Types

tp = TypeParser.singleton
tc = TypeCalculator.singleton

# The best of five rounds (the machine is shared, so the minimum is the signal).
def per_call(name, iters)
  yield
  t = (1..5).map { Benchmark.realtime { iters.times { yield } } }.min
  printf("%-48s %12.2fµs per call\n", name, t * 1e6 / iters)
end

five = tp.parse('Struct[{name => String[1], port => Integer[0, 65535], tags => Array[String], enabled => Boolean, weight => Float}]')
h = { 'name' => 'web', 'port' => 80, 'tags' => ['a'], 'enabled' => true, 'weight' => 0.5 }
raise 'no match' unless five.instance?(h)
per_call('Struct (5 keys) instance? matching Hash', 20_000) { five.instance?(h) }

svc = tp.parse('Array[Struct[{name => String[1], port => Integer[0, 65535], tags => Array[String]}]]')
data = (0...10_000).map { |i| { 'name' => "web#{i}", 'port' => i % 65536, 'tags' => %w[a b] } }
raise 'no match' unless svc.instance?(data)
per_call('Array[Struct[...]] instance? 10,000 hashes', 5) { svc.instance?(data) }
per_call('infer_set of 10,000 hashes', 3) { tc.infer_set(data) }

a = tp.parse('Variant[Integer[0, 100], String, Array[String], Hash[String, Data], Enum[a, b, c], Boolean]')
b = tp.parse('Variant[Integer[1, 10], Enum[x, y], Array[Enum[p]], Boolean[true]]')
raise 'not assignable' unless a.assignable?(b)
per_call('assignable? Variant vs Variant', 20_000) { a.assignable?(b) }
