# frozen_string_literal: true

require 'spec_helper'
require_relative 'support/corpus'

RSpec.describe PuppetTypes::Lexer do
  it 'gives [kind, value, offset, length] with the reference token names' do
    expect(described_class.tokenize("$x = [1, true]\nnotice(\"a${x}b\")")).to eq(
      [[:VARIABLE, 'x', 0, 2], [:EQUALS, '=', 3, 1], [:LISTSTART, '[', 5, 1], [:NUMBER, '1', 6, 1],
       [:COMMA, ',', 7, 1], [:BOOLEAN, true, 9, 4], [:RBRACK, ']', 13, 1], [:NAME, 'notice', 15, 6],
       [:LPAREN, '(', 21, 1], [:DQPRE, 'a', 22, 4], [:VARIABLE, 'x', 26, 1], [:DQPOST, 'b', 28, 2],
       [:RPAREN, ')', 30, 1]]
    )
  end

  it 'tokenizes EPP templates' do
    expect(described_class.tokenize_epp('a <%= $x %> b').map(&:first))
      .to eq(%i[EPP_START RENDER_STRING RENDER_EXPR VARIABLE EPP_END RENDER_STRING])
  end

  it 'raises ParseError with line and column' do
    expect { described_class.tokenize("$x = 1\n$y = \"abc") }.to raise_error(PuppetTypes::ParseError) { |e|
      expect([e.line, e.column]).to eq([2, 7])
      expect(e.message).to start_with('Unclosed quote')
    }
  end

  it "gives the reference's token values: a Regexp for REGEX, the lines of a heredoc for SUBLOCATE, nil for EPP_START and RENDER_EXPR" do
    expect(described_class.tokenize('$a =~ /fo+\/x/')[2]).to eq([:REGEX, /fo+\/x/, 6, 8])
    expect(described_class.tokenize("$x = @(END)\n  a\n  ${b}\n  END\n")[3]).to eq([:SUBLOCATE, ["  a\n", "  ${b}\n"], 12, 11])
    expect(described_class.tokenize_epp('a <%= $x %>').values_at(0, 2)).to eq([[:EPP_START, nil, 0, 0], [:RENDER_EXPR, nil, 0, 0]])
  end

  describe 'against the reference Lexer2', reference: true do
    def reference_tokens(source, epp: false)
      lexer = Puppet::Pops::Parser::Lexer2.new
      lexer.lex_string(source, nil)
      (epp ? lexer.fullscan_epp : lexer.fullscan).filter_map { |kind, v| [kind, v[:value], v.offset, v.length] if kind }
    end

    Corpus.sample(40).each do |file|
      it "on #{File.basename(File.dirname(file, 2))}: #{file.split('/manifests/').last}" do
        source = File.read(file)
        expect(described_class.tokenize(source)).to eq(reference_tokens(source))
      end
    end

    it 'on the EPP templates of the module corpus' do
      Dir['/usr/share/puppet/modules.available/*/templates/**/*.epp'].sort.first(40).each do |file|
        source = File.read(file)
        expect(described_class.tokenize_epp(source)).to eq(reference_tokens(source, epp: true)), file
      end
    end

    it 'on heredocs and regexps' do
      ["$x = @(END)\n  a\n  ${b}\n  c\n  |-END\n", "$x = @(\"END\")\n  a ${b} c\n  d\n  END\n",
       "$x = @(END/L)\n  a\\\n  b\n  END\n$y = @(X)\nX\n", "$a =~ /fo+\\/x/ and $b !~ /a\\sb\\//",
       "$a = [/é/, /(?i)x/, //]", "$x = @(A)\n${@(B)}\nb\nB\nA\n"].each do |source|
        expect(described_class.tokenize(source)).to eq(reference_tokens(source)), source
      end
    end
  end
end
