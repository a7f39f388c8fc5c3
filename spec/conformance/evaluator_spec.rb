# frozen_string_literal: true

require 'spec_helper'
require_relative '../support/eval_reference'
require_relative '../support/eval_cases'

# PuppetTypes::Evaluator against the reference's evaluator (in this process)
# on generated programs: values of every kind combined with every operator,
# given to the core library's functions as calls and as method calls, with
# blocks, to every type's constructor, interpolated, and indexed as
# substrings (of Strings and Binaries). Each program must
# end alike (a value or an error), with the same value and the same log;
# error messages are compared and counted (Ruby-internal wording in the
# reference's is a documented divergence, docs/divergences.md).
#
# EVAL_SAMPLE=n runs n programs of each family (default 400); EVAL_SAMPLE=all runs all of them
# (about 60,000, an hour): tools/eval_diff.rb prints the disagreements of one family.
RSpec.describe 'Evaluator conformance', reference: true do
  # Programs whose outcome differs on purpose, by pattern, with the reason.
  DIVERGENT = {
    /^"\$\{(true|false)\}"|<\$\{(true|false)\}>/ => 'the reference crashes on "${true}"',
    /\.(reverse_each|step)\b(?!.*\|)|\b(reverse_each|step)\([^)]*\)(?!.*\|)/ =>
      'reverse_each and step without a block give an Array, not an Iterator',
    /^-?\d.*\.(reverse_each|step)/ => 'unary minus on an Iterator',
    /(Integer\[1, 5\]|Enum\[a, b\])\.(capitalize|camelcase|strip|lstrip|rstrip|chomp|chop)|(capitalize|camelcase|strip|lstrip|rstrip|chomp|chop)\((Integer\[1, 5\]|Enum\[a, b\])\)/ =>
      'the reference crashes mapping over a type',
    /^[A-Z][\w\[\], ]*\.tree_each/ => 'the reference walks a type as an Object',
    /\$\{(2\.5|-0\.5|1e3)\}/ => 'several validation errors: the gem gives the first one and its position',
    /Timestamp\.new\(\)/ => 'the current time',
    /^Type\('ABC'\)/ => 'unknown names are resource types (TypeParser divergence)'
  }.freeze

  def self.programs
    sample = ENV.fetch('EVAL_SAMPLE', '400')
    sample == 'all' ? EvalCases.all : EvalCases.sample(Integer(sample))
  end

  it 'agrees with the reference on generated programs' do
    differ = []
    messages = 0
    count = 0
    self.class.programs.each do |src|
      next if DIVERGENT.keys.any? { |re| src.match?(re) }

      count += 1
      ref = EvalReference.reference(src)
      ours = EvalReference.gem(src)
      next if ref == ours

      if ref[0] == :error && ours[0] == :error && ref.last == ours.last
        messages += 1
      else
        differ << "#{src}\n    reference: #{ref.inspect}\n    gem:       #{ours.inspect}"
      end
    end
    warn "evaluator conformance: #{count - differ.size}/#{count} programs end alike; " \
         "#{count - differ.size - messages} also with the same message and position"
    expect(differ).to eq([])
  end

  # Substrings are also compared by message and position (the reference's
  # own words: which key, and its type, a refused index names).
  it 'takes substrings as the reference, with its messages and positions' do
    sample = ENV.fetch('EVAL_SAMPLE', '400')
    programs = EvalCases.substrings
    programs = programs.sample([Integer(sample) * 4, programs.size].min, random: Random.new(5)) unless sample == 'all'
    differ = programs.filter_map do |src|
      ref = EvalReference.reference(src)
      ours = EvalReference.gem(src)
      "#{src}\n    reference: #{ref.inspect}\n    gem:       #{ours.inspect}" unless ref == ours
    end
    warn "substrings: #{programs.size - differ.size}/#{programs.size} alike"
    expect(differ).to be_empty, differ.first(12).join("\n")
  end
end
