# frozen_string_literal: true

# The benchmark harness behind `rake bench`. Each workload lives in its own
# file, bench/<name>_bench.rb, and registers itself:
#
#   Bench.workload 'type_parse', target: 100, description: 'TypeParser.parse over N type strings' do |w|
#     strings = ...                                  # setup, run only when the workload is selected
#     w.items = strings.size                         # what one iteration processes (for per-item times)
#     w.gem { strings.each { |s| PuppetTypes::TypeParser.parse(s) } }
#     w.reference { strings.each { |s| Reference.type_parser.parse(s) } }   # only run when puppet is installed
#     w.check { ... }                                # optional: raise if the two disagree
#     w.variant('cached') { ... }                    # optional: another gem side, printed on its
#   end                                              # own line against the same reference time
#
# Both sides run in this process after a warm-up, each for about BENCH_TIME
# seconds (default 1.0) in all, in ROUNDS alternating rounds (gem, reference,
# gem, ...), so that a stretch of load on a shared machine weighs on both
# sides alike. The report gives each side's median CPU time per item over the
# rounds, and their ratio.
#
# A workload whose gem side runs on several threads is timed by the wall clock
# (`clock: :wall`), since CPU time adds up the threads. A reference that is
# too slow to run over all the items may run over a subset: `w.reference_items`
# is then its count, and times are compared per item. `w.note` is printed
# under the workload's line. A workload whose reference runs for many seconds
# may take `rounds: 1`: one timed run of each side, without warm-up.

require_relative '../spec/support/reference'

module Bench
  # CPU time of this process: both sides run on this thread, and CPU time is not
  # inflated by other processes on a shared machine as wall time is.
  CLOCK = Process::CLOCK_PROCESS_CPUTIME_ID

  # One workload's definition, filled in by its block.
  class Workload
    attr_reader :name, :description, :target, :clock
    attr_accessor :items, :reference_items, :note

    def initialize(name, description, target, definition, clock, rounds = ROUNDS)
      @rounds = rounds
      @name = name
      @description = description
      @target = target
      @definition = definition
      @clock = clock == :wall ? Process::CLOCK_MONOTONIC : CLOCK
      @items = 1
      @variants = []
    end

    def gem(&block) = (@gem = block)
    def reference(&block) = (@reference = block)
    def check(&block) = (@check = block)
    def variant(label, &block) = (@variants << [label, block])

    # Run the definition block (setup), then measure. Returns a result Hash.
    def run(min_time)
      @definition.call(self)
      raise "workload #{name} has no gem block" unless @gem

      @check&.call
      sides = [@gem]
      sides << @reference if @reference && Reference.available?
      sides.concat(@variants.map(&:last))
      times = Bench.alternate(min_time, sides, clock, rounds: @rounds)
      gem_time = times.shift / items
      ref_time = times.shift / (reference_items || items) if @reference && sides[1].equal?(@reference)
      variants = @variants.map(&:first).zip(times.map { |t| t / items })
      { name: name, items: items, gem: gem_time, reference: ref_time, target: target, variants: variants,
        note: note }
    ensure
      # let the workload's data go, so that it does not weigh on the garbage
      # collection of the workloads after it
      @gem = @reference = @check = nil
      @variants = []
    end
  end

  @workloads = []

  # Rounds of each side (and of the variants), taken in turn.
  ROUNDS = 5

  class << self
    attr_reader :workloads

    # Register a workload (see the file comment).
    def workload(name, description:, target: nil, clock: :cpu, rounds: ROUNDS, &definition)
      @workloads << Workload.new(name, description, target, definition, clock, rounds)
    end

    # Median seconds per call of each block, measured in `rounds` rounds that
    # take the blocks in turn, each block for min_time / rounds per round
    # (after a warm-up call of each, unless there is only one round).
    def alternate(min_time, blocks, clock = CLOCK, rounds: ROUNDS)
      blocks.each(&:call) if rounds > 1 # warm-up
      per_round = min_time / rounds
      rounds = Array.new(rounds) { blocks.map { |b| measure(per_round, clock, &b) } }
      rounds.transpose.map { |ts| ts.sort[ts.size / 2] }
    end

    # Seconds per call of the block: batches of calls (grown until one batch
    # takes 20 ms, so clock reads do not weigh on tiny operations) until
    # min_time has passed.
    def measure(min_time, clock = CLOCK)
      GC.start
      batch = 1
      count = 0
      elapsed = 0.0
      while elapsed < min_time || count < 1
        start = Process.clock_gettime(clock)
        i = 0
        while i < batch
          yield
          i += 1
        end
        took = Process.clock_gettime(clock) - start
        elapsed += took
        count += batch
        batch *= 2 if took < 0.02
      end
      elapsed / count
    end

    # Run the selected workloads (all when `names` is empty) and print a report.
    # Returns false when a workload with a target fell short of it.
    def run(names)
      min_time = Float(ENV.fetch('BENCH_TIME', '1.0'))
      selected = names.empty? ? workloads : workloads.select { |w| names.include?(w.name) }
      abort "no such workload: #{names.join(', ')} (have: #{workloads.map(&:name).join(', ')})" if selected.empty?
      puts "reference: #{Reference.available? ? "puppet #{Puppet.version}" : "not installed (#{Reference.load_error})"}"
      puts format('%-28s %8s %14s %14s %10s %8s', 'workload', 'items', 'gem/item', 'puppet/item', 'ratio', 'target')
      ok = true
      selected.each do |w|
        begin
          r = w.run(min_time)
        rescue StandardError => e
          ok = false
          puts format('%-28s failed: %s: %s', w.name, e.class, e.message.lines.first&.chomp)
          next
        end
        ratio = r[:reference] && r[:reference] / r[:gem]
        short = ratio && r[:target] && ratio < r[:target]
        ok = false if short
        puts format('%-28s %8d %14s %14s %10s %8s%s', r[:name], r[:items], human(r[:gem]),
                    r[:reference] ? human(r[:reference]) : '-', ratio ? format('%.1fx', ratio) : '-',
                    r[:target] ? "#{r[:target]}x" : '-', short ? '  BELOW TARGET' : '')
        puts "  (#{r[:note]})" if r[:note]
        r[:variants].each do |label, t|
          puts format('%-28s %8d %14s %14s %10s %8s', "  #{r[:name]} (#{label})", r[:items], human(t),
                      r[:reference] ? human(r[:reference]) : '-',
                      r[:reference] ? format('%.1fx', r[:reference] / t) : '-', '-')
        end
        $stdout.flush
      end
      ok
    end

    def human(seconds)
      if seconds >= 1e-3 then format('%.2f ms', seconds * 1e3)
      elsif seconds >= 1e-6 then format('%.2f µs', seconds * 1e6)
      else format('%.0f ns', seconds * 1e9)
      end
    end
  end
end
