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

NL = "\u23CE"
family = ARGV.fetch(0)
out = EvalCases.public_send(family).map do |source|
  outcome = EvalReference.reference(source)
  lines = ["== #{source.gsub("\n", NL)}"]
  lines << if outcome[0] == :ok
             "ok #{outcome[1].gsub("\n", NL)}"
           else
             "err #{outcome[2] || '-'} #{outcome[3] || '-'} #{outcome[1].gsub("\n", NL)}"
           end
  outcome.last.each { |level, message| lines << "log #{level} #{message.gsub("\n", NL)}" }
  lines.join("\n")
end
path = File.expand_path("../tests/fixtures/eval/#{family}.expected", __dir__)
File.write(path, out.join("\n") + "\n")
puts "#{out.size} programs"
