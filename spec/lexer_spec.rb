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

  describe 'against the reference Lexer2 on a sample of the module corpus', reference: true do
    Corpus.sample(40).each do |file|
      it File.basename(File.dirname(file, 2)) + ': ' + file.split('/manifests/').last do
        source = File.read(file)
        lexer = Puppet::Pops::Parser::Lexer2.new
        lexer.lex_string(source, nil)
        expected = lexer.fullscan.filter_map do |kind, v|
          next unless kind

          value = v[:value]
          value = value.source if value.is_a?(Regexp)
          value = value.join if value.is_a?(Array)
          value = value.to_s unless [true, false].include?(value)
          [kind, value, v.offset, v.length]
        end
        expect(described_class.tokenize(source)).to eq(expected)
      end
    end
  end
end
