# frozen_string_literal: true

require 'spec_helper'
require_relative '../support/node_apply'

# `lookup` and the `hiera` functions over hiera 5 data, against `puppet apply`
# given the same module path, `--hiera_config` and facts (the fixture
# spec/fixtures/hiera_env: a global hierarchy with node, mapped_paths, several
# paths, JSON, glob and common levels; a module with its own hierarchy,
# default_hierarchy and lookup_options). Calls are generated (keys × merge
# strategies × signatures) and run as one program whose notices must be the
# gem's log; programs that fail must fail with the reference's message.
RSpec.describe 'lookup against puppet apply', reference: true do
  # The keys of the fixture's data (the modules' keys first: once a lookup
  # has read the global lookup_options, whose `convert_to` of conv2 is an
  # array, the reference fails every lookup of a module's key, see
  # docs/divergences.md).
  def self.keys
    %w[datamod::h datamod::arr datamod::only datamod::osv datamod::interp datamod::fallback
       s arr h interp al alh dig dig.a.b.1.c dig.a.b.0 dig."x.y" merged_a merged_b knock undef_value int
       role_only osver json_key json_key.j globbed globbed_b conv conv2]
  end

  def self.merges
    [nil, 'first', 'unique', 'hash', 'deep', "{strategy => 'deep', sort_merged_arrays => true}",
     "{strategy => 'deep', knockout_prefix => '--'}"]
  end

  # Each key with each merge, with a default in an options hash, and by an options hash with its name.
  def self.calls
    out = []
    keys.each do |key|
      k = key.gsub('"', '\\"')
      merges.each do |m|
        out << (m ? "lookup(\"#{k}\", undef, #{m.start_with?('{') ? m : "'#{m}'"}, 'none')" : "lookup(\"#{k}\")")
      end
      out << "lookup(\"#{k}\", { 'default_value' => 'dflt' })"
      out << "lookup({ 'name' => \"#{k}\", 'merge' => 'unique', 'default_value' => [] })"
    end
    out
  end

  # Calls of every signature, and of the hiera functions.
  def self.signatures
    ["lookup('s', String)", "lookup('int', Integer[0, 100])", "lookup('arr', Array[String], unique)",
     "lookup('nokey', String, first, 5)", "lookup('nokey') |$k| { \"block ${k}\" }",
     "lookup(['nokey', 'nokey2']) |$k| { $k }", "lookup(['nokey', 's', 'int'])",
     "lookup('nokey', { default_values_hash => { nokey => 9 } })", "lookup('s', { override => { s => 'over' } })",
     "lookup({ name => 'h', value_type => Hash, merge => { strategy => deep }, default_value => {} })",
     "lookup('plainmod::x', undef, undef, 'd')", "lookup('dig.a.b.9', undef, undef, 'd')", 'lookup("conv").unwrap',
     "hiera('s')", "hiera('nokey', 'd')", "hiera_array('arr')", "hiera_hash('h')",
     "hiera('nokey') |$k| { \"b ${k}\" }", "hiera_array('s')", "hiera_hash('knock')"]
  end

  # Programs the reference fails on, each with its own message.
  def self.failing
    ["lookup('nokey')", "lookup(['nokey', 'nokey2'])", "lookup('int', String)", "lookup('s', undef, 'hash', 1)",
     "lookup('h', undef, 'unique', 1)", "lookup('datamod::h', undef, 'unique', 1)",
     "lookup('conv2', undef, 'unique', 1)", "lookup('nokey', Integer) |$k| { 'x' }", "lookup('s', undef, bogus, 1)",
     "hiera('datamod::only')", "lookup('dig.a.b.x')"]
  end

  it 'gives what puppet apply gives for generated lookups and every signature' do
    good = self.class.calls + self.class.signatures
    ours_fail = good.reject { |c| NodeApply.ours("notice(#{c})")[1].nil? }
    expect(ours_fail.size).to be < 40
    good -= ours_fail
    program = NodeApply.numbered_program(good)
    ref, ref_error = NodeApply.reference(program)
    expect(ref_error).to be_nil
    mine, = NodeApply.ours(program)
    expect(mine.size).to eq(good.size)
    mine.zip(ref).each { |m, r| expect(m).to eq(r), good[m.to_i] }
    expect(good.size).to be > 250
  end

  it_behaves_like 'fails as puppet apply fails'
end
