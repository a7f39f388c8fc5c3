# frozen_string_literal: true

require_relative '../spec_helper'
require_relative '../support/subprocess'

# The gem under a garbage collector that runs at every allocation, and one
# that moves objects: every entry point gives the answers it gives without
# them, and Ruby objects held only by gem values survive, in place.
RSpec.describe 'Garbage collection' do
  EXERCISE = File.expand_path('../support/exercise', __dir__)

  def exercise(setup, small: false)
    result = Subprocess.run(<<~RUBY, timeout: 300)
      require #{EXERCISE.inspect}
      #{setup}
    RUBY
    expect(result.success?).to be(true), result.to_s
    expect(result.err).not_to include('[BUG]')
    result.out
  end

  let(:small) { exercise('Exercise.run(small: true)') }

  it 'answers the same under GC.stress' do
    expect(exercise('GC.stress = true; Exercise.run(small: true)')).to eq(small)
    expect(small).to include('kept: [true, true, true, true]')
  end

  it 'answers the same when Ruby compacts the heap (verify_compaction_references)' do
    full = exercise('Exercise.run')
    moved = exercise(<<~RUBY)
      Exercise.run(compact: -> { GC.verify_compaction_references(double_heap: true, toward: :empty) })
      GC.compact
    RUBY
    expect(moved).to eq(full)
  end

  it 'answers right while another thread compacts the heap during long checks' do
    result = Subprocess.run(<<~RUBY, timeout: 120)
      t = PuppetTypes::TypeParser.parse('Array[Struct[{name => String, tags => Array[String], o => Runtime}]]')
      data = Array.new(100_000) { |i| { 'name' => "n\#{i}", 'tags' => ['a', "t\#{i}"], 'o' => Object.new } }
      stop = false
      compactor = Thread.new { GC.compact until stop }
      answers = Array.new(6) { t.instance?(data) && PuppetTypes::TypeCalculator.infer_set(data).to_s.size > 0 }
      stop = true
      compactor.join
      puts answers.uniq.inspect
    RUBY
    expect(result.success?).to be(true), result.to_s
    expect(result.out).to eq("[true]\n")
  end
end
