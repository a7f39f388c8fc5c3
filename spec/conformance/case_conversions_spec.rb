# frozen_string_literal: true

require 'spec_helper'
require_relative '../support/eval_reference'

# Case conversions of text (the `capitalize`, `camelcase`, `upcase` and
# `downcase` functions, and the `%c`, `%C`, `%u` and `%d` formats of
# `String(v, format)`) against the reference's evaluator on generated
# strings of characters whose case mappings are special: title case that is
# not upper case (`ß`, `ǆ`, `ﬀ`, `ᾳ`, Georgian letters), mappings into ASCII
# (`ſ`, the Kelvin sign) and a final sigma, which Ruby lowers without its
# context rule.

# The generated strings (a module of their own: spec files share Ruby's top level).
module CaseConversionCases
  CHARS = ['a', 'B', '_', '::', 'ß', 'ǆ', 'ǅ', 'Ǆ', 'ﬀ', 'ﬁ', 'ŉ', 'ᾳ', 'ᾼ', 'ა', 'ſ', "\u212A", 'Σ', 'ς', 'İ', 'ı',
           'é', 'É', 'ǰ', ' '].freeze
  CALLS = ["capitalize(%s)", "camelcase(%s)", "upcase(%s)", "downcase(%s)", "String(%s, '%%c')",
           "String(%s, '%%C')", "String(%s, '%%u')", "String(%s, '%%d')"].freeze
end

RSpec.describe 'Case conversions of text against the reference', reference: true do
  it 'converts generated strings as the reference' do
    rng = Random.new(3141)
    cases = CaseConversionCases
    strings = cases::CHARS + Array.new(120) { Array.new(rng.rand(1..4)) { cases::CHARS.sample(random: rng) }.join }
    sources = strings.uniq.flat_map { |s| cases::CALLS.map { |c| format(c, "'#{s}'") } }
    failures = sources.filter_map do |src|
      ref = EvalReference.reference(src)
      ours = EvalReference.gem(src)
      "#{src}\n    reference: #{ref.inspect}\n    gem:       #{ours.inspect}" unless ref == ours
    end
    warn "case conversions: #{sources.size - failures.size}/#{sources.size} agree"
    expect(failures).to be_empty, failures.first(12).join("\n")
  end
end
