# frozen_string_literal: true

require 'spec_helper'

RSpec.describe PuppetTypes::TypeFactory do
  let(:f) { described_class }

  it 'builds types with the reference names and canonical text' do
    expect(f.range(1, 10).to_s).to eq('Integer[1, 10]')
    expect(f.array_of(f.string, f.range(1, 5)).to_s).to eq('Array[String, 1, 5]')
    expect(f.struct('mode' => f.enum('read', 'write'), 'owner' => f.optional(f.string)).to_s)
      .to eq("Struct[{'mode' => Enum['read', 'write'], 'owner' => Optional[String]}]")
    expect(f.variant(f.string, f.integer, f.string).to_s).to eq('Variant[String, Integer]')
    expect(f.hash_kv(f.string, f.data).to_s).to eq('Hash[String, Data]')
  end

  it 'maps Ruby classes to their Puppet types' do
    expect(f.array_of(Integer).to_s).to eq('Array[Integer]')
    expect(f.type_of(Hash).to_s).to eq('Hash')
    expect(f.type_of('My::Class').to_s).to eq("Runtime[ruby, 'My::Class']")
  end

  it 'rejects illegal parameters with the type error the reference gives' do
    expect { f.range(10, 1) }.to raise_error(PuppetTypes::TypeError, /'from' must be less or equal to 'to'/)
    expect { f.struct('' => f.integer) }.to raise_error(PuppetTypes::TypeError, /empty String/)
  end

  it 'rejects arguments of the wrong kind with ArgumentError' do
    expect { f.not_undef(5) }.to raise_error(PuppetTypes::ArgumentError, /expected a PuppetTypes::Type.*got Integer 5/)
    expect(f.array_of(5).to_s).to eq('Array[Integer]') # a value stands for its generalised type (type_of)
    expect { f.range(2**64, nil) }.to raise_error(PuppetTypes::ArgumentError, /64-bit/)
    expect { f.range(1) }.to raise_error(::ArgumentError, /wrong number of arguments/)
  end
end
