# frozen_string_literal: true

require_relative '../spec_helper'

# Ruby's object protocol on the gem's classes: allocation, copies, and
# arguments of the wrong class give working objects or PuppetTypes errors.
RSpec.describe 'API edges' do
  it 'copies an AliasRegistry with dup and clone, each copy on its own afterwards' do
    registry = PuppetTypes::AliasRegistry.new
    registry.add('Port', 'Integer[0, 65535]')
    copy = registry.dup
    copy.add('Name', 'String[1]')
    expect(copy.names).to eq(%w[Name Port])
    expect(registry.names).to eq(%w[Port])
    expect(PuppetTypes::TypeParser.parse('Port', aliases: copy).to_s).to eq('Port = Integer[0, 65535]')
    expect(registry.clone.names).to eq(%w[Port])
    frozen = registry.dup.freeze
    expect(frozen.clone).to be_frozen
    expect(frozen.dup).not_to be_frozen
  end

  it 'gives a working empty AliasRegistry and Parser from allocate' do
    registry = PuppetTypes::AliasRegistry.allocate
    registry.add('X', 'Integer')
    expect(registry.names).to eq(['X'])
    expect(PuppetTypes::Parser.allocate.parse('1 + 2').to_pn).to eq('(+ 1 2)')
    expect(PuppetTypes::Parser.new.dup.parse('1').to_pn).to eq('1')
  end

  it 'raises PuppetTypes errors for arguments of the wrong class' do
    registry = PuppetTypes::AliasRegistry.new
    [-> { registry.add('X', PuppetTypes::Sensitive.new('Integer')) },
     -> { registry.add(:X, 'Integer') },
     -> { registry.add_source(nil) },
     -> { registry.load_module_path(1) },
     -> { registry[nil] },
     -> { registry.include?(1) }].each do |call|
      expect(&call).to raise_error(PuppetTypes::ArgumentError, /must be a String/)
    end
  end
end
