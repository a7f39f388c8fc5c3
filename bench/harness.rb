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
# gem, ...). The report gives each side's median CPU time per item over the
# rounds, and as the ratio the median over the rounds of the reference's time
# over the gem's in the same round: on a shared machine whose speed drifts
# from one second to the next, the two sides of a round run in much the same
# state, so the drift cancels out of each round's ratio. (15 runs of
# type_parse on the project VM: the ratio of the medians gave sd 13.6, the
# median of the rounds' ratios sd 9.5, at about the same mean. More, shorter
# rounds cut the spread further, to sd 3.1 with 15, but weigh each round's
# start-up more: infer_set, whose big data each round's first GC gives back
# to the system, fell from 30-34x to 25-27x run alone.)

require_relative '../spec/support/reference'

module Bench
  # CPU time of this process: both sides run on this thread, and CPU time is not
  # inflated by other processes on a shared machine as wall time is.
  CLOCK = Process::CLOCK_PROCESS_CPUTIME_ID

  # One workload's definition, filled in by its block.
  class Workload
    attr_reader :name, :description, :target
    attr_accessor :items

    def initialize(name, description, target, definition)
      @name = name
      @description = description
      @target = target
      @definition = definition
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
      reference = @reference if Reference.available?
      # the reference runs right after the gem's block, then the variants do
      sides = [@gem, *reference, *@variants.map(&:last)]
      rounds = Bench.alternate(min_time, sides)
      ref_rounds = rounds.map { |r| r.delete_at(1) } if reference
      # per gem side (the gem's block, then the variants'): its times over the rounds
      gem_sides = rounds.transpose
      times = gem_sides.map { |ts| Bench.median(ts) / items }
      ref_time = Bench.median(ref_rounds) / items if reference
      # each gem side's ratio to the reference: the median of the rounds' ratios
      ratios = gem_sides.map { |ts| reference && Bench.median(ts.zip(ref_rounds).map { |g, f| f / g }) }
      variants = @variants.map(&:first).zip(times.drop(1), ratios.drop(1))
      { name: name, items: items, gem: times.first, reference: ref_time, ratio: ratios.first, target: target,
        variants: variants }
    ensure
      # let the workload's data go, so that it does not weigh on the garbage
      # collection of the workloads after it
      @gem = @reference = @check = nil
      @variants = []
    end
  end

  @workloads = []

  class << self
    attr_reader :workloads

    # Register a workload (see the file comment).
    def workload(name, description:, target: nil, &definition)
      @workloads << Workload.new(name, description, target, definition)
    end

    # Rounds of each side (and of the variants), taken in turn.
    ROUNDS = 5

    # Seconds per call of each block in each of ROUNDS rounds that take the
    # blocks in turn, each block for min_time / ROUNDS per round: one Array of
    # times (one per block) per round.
    def alternate(min_time, blocks)
      blocks.each(&:call) # warm-up
      per_round = min_time / ROUNDS
      Array.new(ROUNDS) { blocks.map { |b| measure(per_round, &b) } }
    end

    # The middle value (the upper one of an even count).
    def median(values) = values.sort[values.size / 2]

    # Seconds per call of the block: batches of calls (grown until one batch
    # takes 20 ms, so clock reads do not weigh on tiny operations) until
    # min_time has passed.
    def measure(min_time)
      GC.start
      batch = 1
      count = 0
      elapsed = 0.0
      while elapsed < min_time || count < 1
        start = Process.clock_gettime(CLOCK)
        i = 0
        while i < batch
          yield
          i += 1
        end
        took = Process.clock_gettime(CLOCK) - start
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
        ratio = r[:ratio]
        short = ratio && r[:target] && ratio < r[:target]
        ok = false if short
        puts format('%-28s %8d %14s %14s %10s %8s%s', r[:name], r[:items], human(r[:gem]),
                    r[:reference] ? human(r[:reference]) : '-', ratio ? format('%.1fx', ratio) : '-',
                    r[:target] ? "#{r[:target]}x" : '-', short ? '  BELOW TARGET' : '')
        r[:variants].each do |label, t, variant_ratio|
          puts format('%-28s %8d %14s %14s %10s %8s', "  #{r[:name]} (#{label})", r[:items], human(t),
                      r[:reference] ? human(r[:reference]) : '-',
                      variant_ratio ? format('%.1fx', variant_ratio) : '-', '-')
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
