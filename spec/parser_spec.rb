# frozen_string_literal: true

require 'spec_helper'
require_relative 'support/corpus'

RSpec.describe PuppetTypes::Parser do
  let(:parser) { described_class.new }

  it 'parses to an AST whose PN is the reference dump' do
    ast = parser.parse("notice(1 + 2)\n", 'x.pp')
    expect(ast.path).to eq('x.pp')
    expect(ast).to be_frozen
    expect(ast.to_pn).to eq('(invoke {:functor (qn "notice") :args [(+ 1 2)]})')
    expect(ast.to_pn_data).to eq({ '^' => ['invoke', { '#' => ['functor', { '^' => %w[qn notice] }, 'args', [{ '^' => ['+', 1, 2] }]] }] })
  end

  it 'raises ParseError with path, line and column' do
    expect { parser.parse("$x = 1\n$y = )", 'bad.pp') }.to raise_error(PuppetTypes::ParseError) { |e|
      expect([e.path, e.line, e.column]).to eq(['bad.pp', 2, 6])
      expect(e.message).to start_with("Syntax error at ')'")
      expect(e.message).to end_with('(file: bad.pp, line: 2, column: 6)')
    }
  end

  it 'validates as the reference parser does' do
    expect { parser.parse('$a::b = 1', 'v.pp') }.to raise_error(
      PuppetTypes::ParseError,
      "Illegal attempt to assign to 'a::b'. Cannot assign to variables in other namespaces (file: v.pp, line: 1, column: 1)"
    )
  end

  it 'returns every error with parse_with_recovery' do
    ast, errors = parser.parse_with_recovery("$x = 1 +\n$y = [1,\n")
    expect(ast).to be_a(PuppetTypes::AST)
    expect(errors).not_to be_empty
    expect(errors).to all(be_a(PuppetTypes::ParseError))
  end

  it 'raises instead of overflowing the stack on deep nesting' do
    expect { parser.parse('[' * 100_000) }.to raise_error(PuppetTypes::ParseError)
  end

  describe 'against the reference on a sample of the module corpus', reference: true do
    before(:all) { require 'puppet/pops/pn' }

    Corpus.sample(40).each do |file|
      it File.basename(File.dirname(file, 2)) + ': ' + file.split('/manifests/').last do
        source = File.read(file)
        model = Puppet::Pops::Parser::EvaluatingParser.new.parse_string(source, file)
        expected = Puppet::Pops::Model::PNTransformer.transform(model).format(nil, +'')
        expect(parser.parse(source, file).to_pn).to eq(expected)
      end
    end
  end
end
