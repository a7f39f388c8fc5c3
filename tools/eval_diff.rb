#!/usr/bin/env ruby
# frozen_string_literal: true

# Compares the gem's evaluator with the reference's on generated programs
# (spec/support/eval_cases.rb) or on programs from a file (separated by lines
# of "----"), and prints each disagreement. Run from the repository root:
#   ruby -Ilib tools/eval_diff.rb operators|functions|blocks|constructors|interpolations|strftime|substrings|all [limit]
#   ruby -Ilib tools/eval_diff.rb FILE
require 'puppet_types'
$stdout.sync = true
require_relative '../spec/support/eval_reference'
require_relative '../spec/support/eval_cases'

what = ARGV.fetch(0, 'all')
programs = if File.exist?(what)
             File.read(what).split(/^----\n/).map(&:chomp).reject(&:empty?)
           else
             EvalCases.public_send(what)
           end
programs = programs.first(Integer(ARGV[1])) if ARGV[1]
counts = Hash.new(0)
programs.each do |src|
  ref = EvalReference.reference(src)
  ours = EvalReference.gem(src)
  if ref == ours
    counts[:same] += 1
  elsif ref[0] == :error && ours[0] == :error && ref[-1] == ours[-1]
    counts[:message] += 1
    puts "MESSAGE #{src.gsub("\n", '⏎')}\n  ref: #{ref[1..].inspect}\n  gem: #{ours[1..].inspect}"
  else
    counts[:differ] += 1
    puts "DIFFER  #{src.gsub("\n", '⏎')}\n  ref: #{ref.inspect}\n  gem: #{ours.inspect}"
  end
end
puts "#{programs.size} programs: #{counts[:same]} agree, #{counts[:differ]} differ, " \
     "#{counts[:message]} err alike with other message or position"
