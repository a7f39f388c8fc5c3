# frozen_string_literal: true

require 'spec_helper'

RSpec.describe PuppetTypes::Type do
  let(:f) { PuppetTypes::TypeFactory }

  it 'cannot be created with new' do
    expect { described_class.new }.to raise_error(TypeError)
  end

  it 'cannot be allocated empty, nor lend its methods to other objects' do
    expect { described_class.allocate }.to raise_error(TypeError, /allocator undefined/)
    expect { described_class.instance_method(:to_s).bind_call(Object.new) }.to raise_error(TypeError)
  end

  it 'survives collection under GC.stress, and reports the memory it holds' do
    require 'objspace'
    texts = []
    GC.stress = true
    begin
      20.times do |i|
        t = PuppetTypes::TypeParser.parse("Struct[{a => Integer[#{i}], b => Enum[x, y]}]", cache: false)
        texts << t.to_s
      end
    ensure
      GC.stress = false
    end
    expect(texts.last).to eq("Struct[{'a' => Integer[19], 'b' => Enum['x', 'y']}]")
    small = PuppetTypes::TypeParser.parse('Array[String[1]]', cache: false)
    expect(ObjectSpace.memsize_of(small)).to be > ObjectSpace.memsize_of(Object.new)
    big = PuppetTypes::TypeCalculator.infer_set((1..3000).map { |i| { "k#{i}" => [i, "s#{i}"] } })
    expect(ObjectSpace.memsize_of(big)).to be >= 64 * 1024
  end

  it 'is frozen and shareable between Ractors' do
    t = f.array_of(f.range(1, 10))
    expect(t).to be_frozen
    expect(Ractor.shareable?(t)).to be(true)
  end

  it 'is its own copy, as the other frozen values of the gem are' do
    values = [PuppetTypes::TypeParser.parse('Integer[1, 2]'), PuppetTypes::SemVer.new('1.2.3'),
              PuppetTypes::SemVerRange.new('>=1.0.0'), PuppetTypes::Timespan.new(1),
              PuppetTypes::Timestamp.new('2020-01-01T00:00:00Z'), PuppetTypes::Sensitive.new('x'),
              PuppetTypes::Deferred.new('f'), PuppetTypes::URI.new('http://x'),
              PuppetTypes::Binary.new('aGk='), PuppetTypes::Parser.new.parse('1'),
              PuppetTypes::Parser.new.parse('1').root]
    values.each do |v|
      expect(v.dup).to be(v)
      expect(v.clone).to be(v)
      expect(v.clone(freeze: true)).to be(v)
      expect { v.clone(freeze: false) }.to raise_error(ArgumentError, /can't unfreeze/)
    end
    nested = { 'k' => [values.first] }
    expect(Marshal.load(Marshal.dump(1)) && nested.dup['k'].first).to be(values.first)
  end

  it 'is usable from other Ractors' do
    t = PuppetTypes::TypeParser.parse('Array[Integer[1, 10]]')
    previous = Warning[:experimental]
    Warning[:experimental] = false
    ractors = 2.times.map { |i| Ractor.new(t, i) { |type, n| [type.to_s, type.instance?([n + 1]), PuppetTypes::TypeFactory.range(n, 10).to_s] } }
    expect(ractors.map(&:take)).to eq([['Array[Integer[1, 10]]', true, 'Integer[0, 10]'], ['Array[Integer[1, 10]]', true, 'Integer[1, 10]']])
  ensure
    Warning[:experimental] = previous
  end

  it 'compares structurally and works as a Hash key' do
    a = f.array_of(f.range(1, 10))
    b = f.array_of(f.range(1, 10))
    expect(a).to eq(b)
    expect(a).to eql(b)
    expect(a.hash).to eq(b.hash)
    expect(a).not_to eq(f.array_of(f.range(1, 11)))
    expect(a).not_to eq('Array[Integer[1, 10]]')
    h = { a => :found }
    expect(h[b]).to eq(:found)
  end

  it 'is usable from several threads at once' do
    t = f.hash_kv(f.string, f.array_of(f.integer))
    texts = 4.times.map { Thread.new { 1000.times.map { t.to_s }.uniq } }.flat_map(&:value).uniq
    expect(texts).to eq(['Hash[String, Array[Integer]]'])
  end

  it 'has to_s, inspect and name' do
    t = f.range(1, 10)
    expect(t.to_s).to eq('Integer[1, 10]')
    expect(t.inspect).to eq('#<PuppetTypes::Type Integer[1, 10]>')
    expect(t.name).to eq('Integer')
    expect(f.data.name).to eq('Data')
  end

  describe 'readers named as in the reference' do
    it 'gives range ends, nil when open' do
      expect([f.range(1, 10).from, f.range(1, 10).to]).to eq([1, 10])
      expect([f.integer.from, f.integer.to]).to eq([nil, nil])
      expect([f.float_range(1.5, nil).from, f.float_range(1.5, nil).to]).to eq([1.5, nil])
    end

    it 'gives element, key, value and size types' do
      a = f.array_of(f.string, f.range(1, 2))
      expect(a.element_type).to eq(f.string)
      expect(a.size_type.to_s).to eq('Integer[1, 2]')
      expect(f.array_of(f.string).size_type).to be_nil
      h = f.hash_kv(f.string, f.integer)
      expect([h.key_type.to_s, h.value_type.to_s]).to eq(%w[String Integer])
      expect(f.string(f.range(1, :default)).size_type.to_s).to eq('Integer[1]')
    end

    it 'gives member types, values and patterns' do
      expect(f.variant(f.string, f.integer).types.map(&:to_s)).to eq(%w[String Integer])
      expect(f.tuple([f.string, f.integer]).types.map(&:to_s)).to eq(%w[String Integer])
      expect(f.enum('b', 'a').values).to eq(%w[a b])
      expect(f.pattern(/a/, 'b').patterns.map(&:to_s)).to eq(['Regexp[/a/]', 'Regexp[/b/]'])
      expect(f.regexp(/a+/).pattern).to eq('a+')
      expect(f.optional(f.string).type).to eq(f.string)
      expect(f.optional.type).to be_nil
      expect(f.boolean(true).value).to be(true)
    end

    it 'gives Struct elements' do
      s = f.struct('a' => f.integer, f.optional('b') => f.string)
      expect(s.elements.map { |e| [e.name, e.key_type.to_s, e.value_type.to_s] })
        .to eq([['a', 'String', 'Integer'], ['b', "Optional['b']", 'String']])
    end

    it 'gives Callable, Resource, Class and Runtime parts' do
      c = f.callable([f.string], f.integer)
      expect([c.param_types.to_s, c.block_type, c.return_type.to_s]).to eq(['Tuple[String]', nil, 'Integer'])
      r = f.resource('file', '/tmp')
      expect([r.type_name, r.title]).to eq(['File', '/tmp'])
      expect(f.host_class('foo').class_name).to eq('foo')
      rt = f.runtime('ruby', 'Foo')
      expect([rt.runtime, rt.name_or_pattern]).to eq([:ruby, 'Foo'])
    end

    it 'answers nil for a parameter the type does not have' do
      expect(f.string.from).to be_nil
      expect(f.integer.element_type).to be_nil
    end
  end
end
