# frozen_string_literal: true

require 'spec_helper'

# DESIGN.md's Ruby <-> Puppet value mapping, checked by converting a Ruby
# object to the Rust value and back.
RSpec.describe 'Ruby <-> Puppet value mapping' do
  def roundtrip(value)
    PuppetTypes::Internal.roundtrip(value)
  end

  def rust(value)
    PuppetTypes::Internal.debug(value)
  end

  it 'maps the plain values both ways' do
    values = [0, -1, 2**63 - 1, -2**63, 1.5, -0.0, 'text', 'é ü', '', nil, true, false, :default,
              [1, [2, [3]]], { 'b' => 1, 'a' => [nil, :default] }, /a+b/]
    values.each { |v| expect(roundtrip(v)).to eql(v) }
  end

  it 'maps nil (and :undef, as the reference does) to undef and :default to default' do
    expect(rust(nil)).to eq('Undef')
    expect(rust(:undef)).to eq('Undef')
    expect(rust(:default)).to eq('Default')
  end

  it 'keeps Hash insertion order' do
    h = { 'z' => 1, 'a' => 2, 'm' => 3 }
    expect(roundtrip(h).keys).to eq(%w[z a m])
  end

  it 'rejects integers wider than 64 bits with a clear error' do
    expect { roundtrip(2**63) }.to raise_error(PuppetTypes::ArgumentError, /out of range.*64-bit/)
    expect { roundtrip([-2**64]) }.to raise_error(PuppetTypes::ArgumentError, /-18446744073709551616/)
  end

  it 'rejects strings that are not UTF-8' do
    expect { roundtrip("\xff\xfe".b) }.to raise_error(PuppetTypes::ArgumentError, /UTF-8/)
  end

  it 'accepts binary-encoded strings holding valid UTF-8' do
    expect(roundtrip('abc'.b)).to eq('abc')
  end

  it 'rejects self-containing and very deeply nested data instead of overflowing the stack' do
    a = []
    a << a
    expect { roundtrip(a) }.to raise_error(PuppetTypes::ArgumentError, /nested/)
    deep = 100_000.times.reduce([]) { |acc, _| [acc] }
    expect { roundtrip(deep) }.to raise_error(PuppetTypes::ArgumentError, /nested/)
  end

  it 'maps other Ruby objects to Runtime values' do
    o = Object.new
    expect(rust(o)).to match(/Runtime.*class_name: "Object"/)
    expect(roundtrip(o)).to equal(o)
    expect(rust(:sym)).to match(/Runtime.*Symbol/)
  end

  it 'gives Runtime values back as their objects even once Ractors have run' do
    previous = Warning[:experimental]
    Warning[:experimental] = false
    Ractor.new { 1 }.take
    o = Object.new
    expect(roundtrip(o)).to equal(o)
    expect(PuppetTypes::Sensitive.new(o).unwrap).to equal(o)
  ensure
    Warning[:experimental] = previous
  end
end
