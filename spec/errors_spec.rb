# frozen_string_literal: true

require 'spec_helper'

RSpec.describe 'PuppetTypes errors' do
  it 'has one base class under StandardError that every error answers to' do
    expect(PuppetTypes::Error.superclass).to eq(StandardError)
    %i[ParseError EvaluationError InternalError].each do |name|
      expect(PuppetTypes.const_get(name).superclass).to eq(PuppetTypes::Error)
    end
    # (Ruby's ArgumentError, as the reference raises them, and PuppetTypes::Errors to rescue and is_a?)
    %i[TypeError ArgumentError FormatError].each do |name|
      expect(PuppetTypes.const_get(name).superclass).to eq(::ArgumentError)
      expect(PuppetTypes.const_get(name) < PuppetTypes::Error).to be(true)
    end
  end

  it 'gives ParseError a path, line and column' do
    e = PuppetTypes::ParseError.new('Syntax error', path: 'x.pp', line: 3, column: 7)
    expect([e.message, e.path, e.line, e.column]).to eq(['Syntax error', 'x.pp', 3, 7])
  end

  it 'reports a panic in Rust as InternalError instead of crashing' do
    # Keep the (expected) panic message short: Rust reads this when the first panic happens.
    ENV['RUST_BACKTRACE'] = '0'
    expect { PuppetTypes::Internal.panic }
      .to raise_error(PuppetTypes::InternalError, /deliberate panic/)
    # The process is still fine afterwards.
    expect(PuppetTypes::Internal.roundtrip([1, 'a'])).to eq([1, 'a'])
  end
end
