#!/usr/bin/env ruby
# frozen_string_literal: true

# Records the reference's outcomes (Puppet 7.23) of one family of generated
# programs (spec/support/eval_cases.rb) in tests/fixtures/eval/<family>.expected,
# for tests that run without Puppet; one block per program:
#
#   == <program>
#   ok <value as String(v, '%p')>
#   err <line> <column> <message without "Evaluation Error: " and position>
#   log <level> <message>
#
# "\u23CE" stands for a newline in programs, values and messages.
# Run from the repository root:  ruby tools/ref_eval_family.rb string_arithmetic
require_relative '../spec/support/eval_reference'
require_relative '../spec/support/eval_cases'

family = ARGV.fetch(0)
out = EvalCases.public_send(family).map { |source| EvalReference.fixture_block(source, source) }
path = File.expand_path("../tests/fixtures/eval/#{family}.expected", __dir__)
File.write(path, out.join("\n") + "\n")
puts "#{out.size} programs"
