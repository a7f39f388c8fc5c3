# frozen_string_literal: true

require_relative '../spec_helper'
require_relative '../support/subprocess'

# The binding reads a few of Ruby's private layouts (src/ruby/internals.rs: a
# small Hash's table, the freeze flag); its public-API paths must give the same
# answers. A process started with PUPPET_TYPES_INTERNALS=0 takes those paths.
RSpec.describe 'Ruby internals and the public-API paths' do
  # Hashes of every table size and shape the small-table read meets (deleted
  # entries, a table grown past 8 pairs, compare_by_identity, default procs,
  # subclasses), checked, inferred and described; type objects frozen.
  ANSWERS = <<~RUBY
    def answers
      c = PuppetTypes::TypeCalculator
      p = ->(s) { PuppetTypes::TypeParser.parse(s, cache: false) }
      sub = Class.new(Hash)
      hashes = (0..12).flat_map do |n|
        h = (0...n).to_h { |i| ["k\#{i}", i.even? ? i : "v\#{i}"] }
        deleted = h.dup.tap { |d| d.delete('k1'); d.delete('k3') }
        grown = h.dup.tap { |g| 10.times { |i| g["x\#{i}"] = i }; 10.times { |i| g.delete("x\#{i}") } }
        ident = h.dup.compare_by_identity
        defaulted = Hash.new { |hh, k| hh[k] = 0 }.merge!(h)
        [h, deleted, grown, ident, defaulted, sub[h]]
      end
      types = ['Hash[String, Integer]', 'Hash[String, Variant[Integer, String]]', 'Hash[Pattern[/^k/], Data]',
               'Struct[{k0 => Integer, Optional[k1] => String}]', 'Struct[{k0 => Integer, k2 => Integer}]',
               'Hash[String, Integer, 2, 5]', 'Data'].map { |s| p.(s) }
      out = hashes.map do |h|
        [types.map { |t| [t.instance?(h), c.describe_mismatch(t, h)] }, c.infer_set(h).to_s, c.infer(h).to_s,
         c.infer_set([h, h, { 'k0' => 1 }]).to_s]
      end
      out << [p.('Integer[1, 2]').frozen?, p.('Array[String]').frozen?, PuppetTypes::TypeFactory.integer.frozen?]
      out
    end
  RUBY

  eval(ANSWERS)

  it 'answers the same with them read and with the public API only' do
    result = Subprocess.run(<<~RUBY, env: { 'PUPPET_TYPES_INTERNALS' => '0' })
      #{ANSWERS}
      abort 'internals still read' if PuppetTypes::Internal.internals?
      print Marshal.dump(answers)
    RUBY
    expect(result.success?).to be(true), result.to_s
    expect(Marshal.load(result.out)).to eq(answers)
  end
end
