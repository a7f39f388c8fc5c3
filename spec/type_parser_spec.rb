# frozen_string_literal: true

require 'spec_helper'

RSpec.describe PuppetTypes::TypeParser do
  def parse(source, **opts)
    described_class.parse(source, **opts)
  end

  it 'parses type expressions to canonical types' do
    expect(parse('Array[Integer[1,10]]').to_s).to eq('Array[Integer[1, 10]]')
    expect(parse("Enum['read', 'write', 'update']").to_s).to eq("Enum['read', 'update', 'write']")
    expect(parse("Struct[{mode => Enum[read, write], Optional[owner] => String[1]}]").to_s)
      .to eq("Struct[{'mode' => Enum['read', 'write'], Optional['owner'] => String[1]}]")
    expect(parse("SemVer[SemVerRange('>=1.0.0 <2.0.0')]").to_s).to eq("SemVer['>=1.0.0 <2.0.0']")
    expect(parse('Array[Integer[1, 10]]')).to eq(PuppetTypes::TypeFactory.array_of(PuppetTypes::TypeFactory.range(1, 10)))
  end

  it 'gives the same type with or without the cache' do
    expect(parse('Hash[String, Array[Integer[0]]]', cache: false)).to eq(parse('Hash[String, Array[Integer[0]]]'))
  end

  it 'reads unknown names as resource types, or as type references on request' do
    expect(parse("File['/tmp']").to_s).to eq("File['/tmp']")
    expect(parse('Foo::Bar').to_s).to eq('Foo::Bar')
    expect(parse('Foo::Bar', unknown_names: :type_reference).to_s).to eq("TypeReference['Foo::Bar']")
  end

  it 'refuses new aliases in a frozen registry and still resolves the old ones' do
    registry = PuppetTypes::AliasRegistry.new
    registry.add('Port', 'Integer[0, 65535]')
    registry.freeze
    expect { registry.add('Name', 'String') }.to raise_error(FrozenError)
    expect { registry.add_source('type Name = String') }.to raise_error(FrozenError)
    expect { registry.load_module_path('/nonexistent') }.to raise_error(FrozenError)
    expect(parse('Port', aliases: registry).to_s).to eq('Port = Integer[0, 65535]')
  end

  it 'resolves aliases from a registry, recursive ones included' do
    registry = PuppetTypes::AliasRegistry.new
    registry.add_source("type MyPort = Integer[0, 65535]\ntype Tree = Array[Variant[Integer, Tree]]")
    expect(registry.names).to eq(%w[MyPort Tree])
    expect(parse('Array[MyPort]', aliases: registry).to_s).to eq('Array[MyPort]')
    tree = parse('Tree', aliases: registry)
    expect(tree.to_s).to eq('Tree = Array[Variant[Integer, Tree]]')
    expect(tree.instance?([1, [2, [3]]])).to be(true)
    expect(tree.instance?([1, ['x']])).to be(false)
  end

  it 'loads aliases from a module path' do
    dir = '/usr/share/puppet/modules'
    skip "#{dir} is not installed" unless File.directory?("#{dir}/stdlib/types")
    registry = PuppetTypes::AliasRegistry.new
    expect(registry.load_module_path(dir)).to include('Stdlib::Port')
    expect(parse('Stdlib::Port', aliases: registry).to_s).to eq('Stdlib::Port = Integer[0, 65535]')
  end

  it 'raises ParseError with line and column for bad syntax' do
    expect { parse('Hash[String Integer]') }.to raise_error(PuppetTypes::ParseError) { |e|
      expect([e.line, e.column]).to eq([1, 13])
      expect(e.message).to start_with("Syntax error at 'Integer'")
      expect(e.message).to end_with('(line: 1, column: 13)')
    }
  end

  it 'raises TypeError for illegal parameters' do
    expect { parse('Integer[10, 1]') }.to raise_error(PuppetTypes::TypeError, "'from' must be less or equal to 'to'. Got (10, 1")
    expect { parse('Integer[1, 2, 3]') }
      .to raise_error(PuppetTypes::TypeError, /Invalid number of type parameters specified: Integer requires 1 or 2, 3 provided/)
  end

  it 'raises instead of overflowing the stack on very deep nesting' do
    expect { parse('Array[' * 100_000) }.to raise_error(PuppetTypes::ParseError, /nested too deeply/)
    expect { parse("#{'Array[' * 100_000}Integer#{']' * 100_000}") }.to raise_error(PuppetTypes::Error)
  end

  it 'rejects a non-registry aliases: argument' do
    expect { parse('Integer', aliases: {}) }.to raise_error(PuppetTypes::ArgumentError, /AliasRegistry/)
    expect { parse(nil) }.to raise_error(PuppetTypes::ArgumentError, /source must be a String, got NilClass/)
    expect { PuppetTypes::Lexer.tokenize(:x) }.to raise_error(PuppetTypes::ArgumentError, /source must be a String/)
  end
end
