# frozen_string_literal: true

require 'spec_helper'

# Syntax errors and byte order marks: the message is the reference's, word for
# word (with the position suffix), and what the gem knows beyond it (what was
# expected) is a separate `hint`.
RSpec.describe 'Parse errors against the reference', reference: true do
  def reference_error(source, path = 'x.pp')
    Puppet::Pops::Parser::EvaluatingParser.new.parse_string(source, path)
    nil
  rescue Puppet::ParseError => e
    e.message
  end

  def gem_error(source, path = 'x.pp')
    PuppetTypes::Parser.new.parse(source, path)
    nil
  rescue PuppetTypes::ParseError => e
    e
  end

  it 'gives syntax errors the reference message, and what was expected as hint' do
    sources = ["$x = ,\n", "foo(,", "class { }", "$x = [1, 2", "if $a { 1 } else 2", "notice(1 2)", "$a = {a => }",
               "case $x { 1 2 }", "define x( { }", "$x = 1 +\n", "node { }", "$x = @(END)\nno end\n", "1 =>"]
    # generated: a valid program cut short, or with one token dropped
    program = "class a($x = [1, {b => 2}]) { if $x =~ /a/ { notice(\"${x}\") } else { $y = $x ? { 1 => 2, default => 3 } } }"
    tokens = PuppetTypes::Lexer.tokenize(program)
    tokens.each_with_index do |(_, _, offset, length), i|
      sources << program[0, offset] if i.odd?
      sources << (program[0, offset] + program[(offset + length)..]) if i.even?
    end
    compared = 0
    sources.each do |source|
      ref = reference_error(source)
      next unless ref

      err = gem_error(source)
      expect(err&.message).to eq(ref), source.inspect
      # (the same syntax error, met by the evaluator)
      evaluated = begin
        PuppetTypes::Evaluator.new.evaluate(source, path: 'x.pp')
        nil
      rescue PuppetTypes::ParseError => e
        e
      end
      expect(evaluated&.message).to eq(ref), "evaluated: #{source.inspect}"
      expect(evaluated.hint).to eq(err.hint)
      compared += 1
    end
    expect(compared).to be > 20
    err = gem_error("$x = ,\n", 'b.pp')
    expect(err.message).to eq("Syntax error at ',' (file: b.pp, line: 1, column: 6)")
    expect(err.hint).to eq('expected an expression')
    expect(err.diagnostic.hint).to eq('expected an expression')
    expect(gem_error("$x = 1\n$y = \"abc").hint).to be_nil
  end

  it 'refuses source that starts with a byte order mark with the reference message, whatever its encoding' do
    marks = { "\xFE\xFF\x00$\x00a" => 'UTF-16 Byte Order mark at beginning of input: [FE FF]',
              "\xFF\xFE$\x00a\x00" => 'UTF-16 Byte Order mark at beginning of input: [FF FE]',
              "\x00\x00\xFE\xFF\x00\x00\x00$" => 'UTF-32 Byte Order mark at beginning of input: [0 0 FE FF]',
              "\xFF\xFE\x00\x00$\x00\x00\x00" => 'UTF-32 Byte Order mark at beginning of input: [FF FE 0 0]',
              "\xEF\xBB\xBF$a = 1" => 'UTF-8 Byte Order mark at beginning of input: [EF BB BF]',
              "\xF7\x64\x4C$a" => 'UTF-1 Byte Order mark at beginning of input: [F7 64 4C]',
              "\xDD\x73\x66\x73" => 'UTF-EBCDIC Byte Order mark at beginning of input: [DD 73 66 73]',
              "\x0E\xFE\xFF" => 'SCSU Byte Order mark at beginning of input: [E FE FF]',
              "\xFB\xEE\x28" => 'BOCU Byte Order mark at beginning of input: [FB EE 28]',
              "\x84\x31\x95\x33" => 'GB-18030 Byte Order mark at beginning of input: [84 31 95 33]' }
    marks.each do |source, text|
      source = source.b
      ref = reference_error(source)
      expect(ref).to eq("Illegal #{text} - remove these from the puppet source"), ref
      err = gem_error(source)
      expect(err).to be_a(PuppetTypes::ParseError), source.inspect
      expect(err.basic_message).to eq(ref)
      expect { PuppetTypes::Lexer.tokenize(source) }.to raise_error(PuppetTypes::ParseError, /\AIllegal #{Regexp.escape(text)}/)
    end
  end
end
