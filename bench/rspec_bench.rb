# frozen_string_literal: true

# Issue 24's workload: a module's whole spec/type_aliases suite, as `rspec`
# processes (wall time, start-up included), with the gem's RSpec support
# against rspec-puppet on the reference.
#
# The suite is stdlib's: Debian's puppetlabs-stdlib ships no spec/, so one is
# generated from its types/ folder in upstream's style: a spec file per alias,
# eleven values each (AliasSuite::VALUES in turn), `to` or `not_to
# allow_value` as the gem answers (the run fails when rspec-puppet answers
# otherwise). rspec-puppet runs every RSPEC_BENCH_STEP-th file (default 4;
# 1 runs the whole suite, about two minutes), compared per example.

require 'tmpdir'
require 'fileutils'
require_relative '../spec/support/alias_suite'

module RSpecBench
  VALUES_PER_ALIAS = 11

  module_function

  # description => example lines, for every alias of Debian's stdlib.
  def suite
    require 'puppet_types/rspec'
    env = PuppetTypes::Environment.new(modulepath: [AliasSuite::MODULEPATH])
    names = AliasSuite.aliases.grep(/\AStdlib::/)
    values = AliasSuite::VALUES
    names.each_with_index.to_h do |name, i|
      subject = PuppetTypes::RSpec::TypeAlias.new(name, env)
      lines = Array.new(VALUES_PER_ALIAS) do |k|
        source = values[((i * VALUES_PER_ALIAS) + k) % values.size]
        verb = subject.error_for(eval(source)) ? 'not_to' : 'to' # rubocop:disable Security/Eval
        "it { is_expected.#{verb} allow_value(#{source}) }"
      end
      [name, lines]
    end
  end

  # Run a written suite; raise unless every example passed.
  def run!(dir, gem:)
    result = AliasSuite.run(dir, gem: gem)
    summary = result[:report]['summary']
    return summary['example_count'] if summary['failure_count'].zero? && summary['example_count'].positive?

    failed = result[:report]['examples'].find { |e| e['status'] == 'failed' }
    raise "#{gem ? 'gem' : 'rspec-puppet'} suite: #{result[:report]['summary_line']}: " \
          "#{failed && failed['full_description']}: #{failed&.dig('exception', 'message')}"
  end
end

Bench.workload 'rspec_type_aliases', target: 30, clock: :wall, rounds: 1,
                                     description: "stdlib's spec/type_aliases suite, rspec process wall time" do |w|
  groups = RSpecBench.suite
  step = Integer(ENV.fetch('RSPEC_BENCH_STEP', '4'))
  subset = groups.each_slice(step).map(&:first).to_h
  scratch = Dir.mktmpdir('rspec_bench')
  at_exit { FileUtils.rm_rf(scratch) }
  ours = AliasSuite.write(File.join(scratch, 'gem'), groups, AliasSuite.gem_helper)
  theirs = AliasSuite.write(File.join(scratch, 'reference'), subset, AliasSuite.rspec_puppet_helper)
  w.items = groups.values.sum(&:size)
  w.reference_items = subset.values.sum(&:size)
  w.check { RSpecBench.run!(ours, gem: true) }
  w.gem { RSpecBench.run!(ours, gem: true) }
  w.reference { RSpecBench.run!(theirs, gem: false) } if AliasSuite.rspec_puppet?
  w.note = "#{groups.size} alias files, #{w.items} examples; rspec-puppet on #{subset.size} files " \
           "(#{w.reference_items} examples), compared per example; one run of each"
end
