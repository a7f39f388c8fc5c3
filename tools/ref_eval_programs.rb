#!/usr/bin/env ruby
# frozen_string_literal: true

# Regenerates tests/fixtures/eval/programs.expected: runs every program of
# tests/fixtures/eval/programs.txt with the reference (Puppet 7.23) and writes
# its outcome, one block per program:
#
#   == <rule>
#   ok <value as String(v, '%p'), time values as Timespan(<ns>)/Timestamp(<ns>)>
#   err <line> <column> <message without "Evaluation Error: " and position>
#   log <level> <message>
#
# "\u23CE" stands for a newline in values and messages.
# Run from the repository root:  ruby -Ilib tools/ref_eval_programs.rb
require 'puppet_types'
require_relative '../spec/support/eval_reference'

dir = File.expand_path('../tests/fixtures/eval', __dir__)
programs = File.read(File.join(dir, 'programs.txt')).split(/^## rule: /)[1..]
out = programs.map do |chunk|
  rule, source = chunk.split("\n", 2)
  EvalReference.fixture_block(rule, source.to_s)
end
File.write(File.join(dir, 'programs.expected'), out.join("\n") + "\n")
puts "#{programs.size} programs"
