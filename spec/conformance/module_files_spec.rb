# frozen_string_literal: true

require 'spec_helper'
require_relative '../support/node_apply'

# The functions that read the modules' files (`file`, `binary_file`,
# `find_file`, `find_template`, `module_directory`, `epp`) and `fqdn_rand`,
# against `puppet apply` on the node of spec/fixtures/hiera_env: generated
# calls over the fixture's files in one program, and each failing call alone.
RSpec.describe 'module files, templates and fqdn_rand against puppet apply', reference: true do
  def self.names
    ['datamod/f.txt', 'datamod/sub/g.txt', 'datamod/sub', 'datamod/', 'datamod', 'plainmod/p.bin',
           'nope/x', 'datamod/nope', 'datamod/t.epp', 'plainmod/free.epp', 'relative.txt',
           File.join(NodeApply::MODULES, 'datamod/files/f.txt'), '/nonexistent/file']
  end

  # Calls of the finders with one and two names (and arrays of names).
  def self.finder_calls
    out = []
    %w[find_file find_template module_directory].each do |f|
      names.each { |n| out << "#{f}('#{n}')" }
      names.each_slice(2) { |a, b| out << "#{f}('#{a}', '#{b || 'x'}')" << "#{f}(['#{a}', '#{b || 'x'}'])" }
    end
    out + %w[datamod plainmod nope].map { |m| "module_directory('#{m}')" }
  end

  def self.readers
    [
    "file('datamod/f.txt')", "file('nope/x', 'datamod/sub/g.txt')", "file('#{NodeApply::MODULES}/datamod/files/f.txt')",
    "binary_file('plainmod/p.bin')", "String(binary_file('datamod/f.txt'))",
    "epp('datamod/t.epp', { name => 'bob' })", "epp('datamod/t.epp', { name => 'x', count => 5 })",
    "epp('plainmod/free.epp', { x => 1 })", "epp('#{NodeApply::MODULES}/plainmod/templates/free.epp', { x => [2] })",
    "[1, 2].map |$i| { epp('plainmod/free.epp', { x => $i }) }"
    ]
  end

  # fqdn_rand over maxima and seeds (the node's fqdn is the fixture's fact).
  def self.fqdn_rand_calls
    maxima = [1, 2, 3, 10, 100, 255, 1000, 65_536, 2**31, 2**32 - 1, 2**32, 2**32 + 1, 10**12, 2**62, '30', 5.7]
    seeds = [nil, "'x'", '5', "'web server'", '[1, 2]', 'true']
    maxima.flat_map do |m|
      max = m.is_a?(String) ? "'#{m}'" : m
      seeds.map { |s| s ? "fqdn_rand(#{max}, #{s})" : "fqdn_rand(#{max})" }
    end
  end

  def self.failing
    [
    "file('nope/x')", "file('datamod/nope', '/nonexistent/file')", "file('relative.txt')",
    "binary_file('nope/x')", "epp('nope/x.epp')", "epp('datamod/nope.epp')", "epp('datamod/t.epp')",
    "epp('datamod/t.epp', { name => 1 })", "epp('datamod/t.epp', { name => 'x', other => 1 })",
    "epp('plainmod/bad.epp')", 'fqdn_rand(0)', "fqdn_rand('abc')", 'fqdn_rand(-5)'
    ]
  end

  it 'gives what puppet apply gives for generated calls' do
    calls = self.class.finder_calls + self.class.readers + self.class.fqdn_rand_calls
    program = NodeApply.numbered_program(calls)
    ref, ref_error = NodeApply.reference(program)
    expect(ref_error).to be_nil
    mine, mine_error = NodeApply.ours(program)
    expect(mine_error).to be_nil
    expect(mine.size).to eq(ref.size)
    mine.zip(ref).each { |m, r| expect(m).to eq(r), calls[m.to_i] }
    expect(calls.size).to be > 150
  end

  it_behaves_like 'fails as puppet apply fails'
end
