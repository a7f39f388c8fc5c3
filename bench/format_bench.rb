# frozen_string_literal: true

# Issue 5's mixed formatting workload: Formatter.string over integers, floats,
# strings needing quotes, nested arrays and hashes, booleans and default, with
# a mix of format strings, against StringConverter#convert.

FORMAT_CASES = [
  [42, '%d'], [-255, '%x'], [255, '%#o'], [3.14159, '%.2f'], [1.0e16, '%p'], [0.1, '%e'],
  ["it's \"quoted\"\n", '%p'], ['plain', '%s'], ['center', '%-10s'], [true, '%y'], [false, '%T'],
  [:default, '%p'], [nil, '%p'], [[1, [2, 'three'], { 'k' => 4.5 }], '%p'],
  [{ 'a' => [1, 2], 'b' => { 'c' => true } }, '%#p'], [[1, 2, 3], '%(a'], [{ 'x' => 1 }, '%h']
].freeze

Bench.workload 'format_mixed', target: 20, description: 'Formatter.string over a mix of values and formats' do |w|
  w.items = FORMAT_CASES.size
  w.check do
    next unless Reference.available?

    conv = Puppet::Pops::Types::StringConverter.singleton
    FORMAT_CASES.each do |v, f|
      ref_v = v == :default ? :default : v
      mine = PuppetTypes::Formatter.string(v, f)
      theirs = conv.convert(ref_v, f)
      raise "#{v.inspect} #{f}: gem #{mine.inspect}, reference #{theirs.inspect}" unless mine == theirs
    end
  end
  w.gem { FORMAT_CASES.each { |v, f| PuppetTypes::Formatter.string(v, f) } }
  w.reference do
    conv = Puppet::Pops::Types::StringConverter.singleton
    FORMAT_CASES.each { |v, f| conv.convert(v, f) }
  end
end
