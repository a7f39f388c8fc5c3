# frozen_string_literal: true

require 'spec_helper'

# Token streams of generated programs and EPP templates against the
# reference's Lexer2 (`fullscan`, `fullscan_epp`): the same tokens with the
# same values (a Regexp for REGEX, the lines of a heredoc for SUBLOCATE, nil
# for EPP_START and RENDER_EXPR), offsets and lengths; a source one rejects,
# the other rejects too.
RSpec.describe 'Lexer token values against the reference', reference: true do
  TOKEN_SNIPPETS = ['$a =~ /fo+\/x/', "$x = @(END)\n  a\n  ${b}\n  END\n", "$y = @(\"E\")\nline $z\nE\n", 'notice("a${b}c")',
              "$h = {a => 1, 'b' => [2, 3.5]}", 'if $x { 1 } else { /a|b/ }', 'case $v { /^x/: { } default: { } }',
              '$r = 1 / 2 / 3', "$s = 'it''s'", 'Foo::Bar[1]', '$c = $a ? { /x/ => 1 }', "$t = @(X/L)\n  a\\\n  b\n  |-X\n",
              'node /web\d+/ { }', '$u = "x\u{1F600}"', '@@file { "a": }', '$x <<| |>>', '$v = 5 % 2', '/(/', '"${', "'a"].freeze
  TOKEN_EPP_SNIPPETS = ['a <%= $x %>', '<%- $y = 1 -%>', 'text', '<%# comment %>', '<%| $p |%>', '<% if $a { %>x<% } %>',
                  '<%= /r+/ %>', '<%%', "line\n", '<%= "${x}" %>', '<% $a = @(E)
x
E
%>'].freeze

  def reference_tokens(source, epp)
    lexer = Puppet::Pops::Parser::Lexer2.new
    lexer.string = source
    tokens = epp ? lexer.fullscan_epp : lexer.fullscan
    tokens[0..-2].map { |t, v| [t, v[:value], v.offset, v.length] }
  rescue StandardError
    :error
  end

  def gem_tokens(source, epp)
    epp ? PuppetTypes::Lexer.tokenize_epp(source) : PuppetTypes::Lexer.tokenize(source)
  rescue PuppetTypes::Error
    :error
  end

  [[false, TOKEN_SNIPPETS, 2308], [true, TOKEN_EPP_SNIPPETS, 2309]].each do |epp, snippets, seed|
    it "gives the reference's tokens and values for generated #{epp ? 'EPP templates' : 'programs'}" do
      rng = Random.new(seed)
      failures = []
      values = Hash.new(0)
      300.times do
        source = Array.new(1 + rng.rand(3)) { snippets.sample(random: rng) }.join(epp ? '' : ["\n", ' '].sample(random: rng))
        ref = reference_tokens(source, epp)
        gem = gem_tokens(source, epp)
        failures << "#{source.inspect}: reference #{ref.inspect[0, 200]}, gem #{gem.inspect[0, 200]}" unless ref == gem
        ref.each { |t| values[t[1].class] += 1 } if ref.is_a?(Array)
      end
      expect(failures.first(5)).to eq([])
      # (REGEX and SUBLOCATE values; EPP_START and RENDER_EXPR)
      expect(values.keys).to include(*(epp ? [NilClass, Regexp, Array] : [Regexp, Array]))
    end
  end
end
