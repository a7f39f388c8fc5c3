# frozen_string_literal: true

# Formatter.string over the mixed workload of tests/fixtures/format/bench_workload.tsv
# (written by tools/bench_format_ref.rb): issue 5's target is at least 20x the reference.

if defined?(PuppetTypes::Formatter)
  Bench.workload 'format', target: 20,
                           description: 'Formatter.string of integers, floats, strings, booleans, default, nested containers' do |w|
    # The workload is generated in Ruby so both sides convert the same Ruby values.
    load File.expand_path('../tools/bench_format_ref.rb', __dir__) unless defined?(BENCH_SC)
    items = workload
    w.items = items.size
    w.gem { items.each { |v, f| PuppetTypes::Formatter.string(v, f) } }
    w.reference { items.each { |v, f| Puppet::Pops::Types::StringConverter.singleton.convert(v, f) } }
  end
end
