# frozen_string_literal: true

require 'spec_helper'

RSpec.describe PuppetTypes::Formatter do
  let(:f) { PuppetTypes::TypeFactory }

  it 'converts with the default formats' do
    expect(described_class.string(42)).to eq('42')
    expect(described_class.string([1, 'a', { 'b' => nil }])).to eq("[1, 'a', {'b' => undef}]")
    expect(described_class.string(:default)).to eq('default')
  end

  it 'takes a format string' do
    expect(described_class.string(255, '%#x')).to eq('0xff')
    expect(described_class.string({ 'a' => [1, 2] }, '%#h')).to eq("{\n  'a' => [1, 2]\n}")
  end

  it 'takes a format map keyed by types' do
    map = { f.range(:default, -1) => '%d', f.integer => '%#x' }
    expect(described_class.string(-5, map)).to eq('-5')
    expect(described_class.string(5, map)).to eq('0x5')
  end

  it 'takes container formats' do
    map = { f.array_of_any => { 'format' => '%(a', 'separator' => ';' } }
    expect(described_class.string([1, 2], map)).to eq('(1;2)')
  end

  it 'raises FormatError naming the accepted letters' do
    expect { described_class.string(1, '%q') }
      .to raise_error(PuppetTypes::FormatError, /Illegal format 'q'.*expected one of the characters 'dxXobBeEfgGaAspc'/)
  end
end
