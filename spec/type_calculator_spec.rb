# frozen_string_literal: true

require 'spec_helper'

RSpec.describe PuppetTypes::TypeCalculator do
  let(:f) { PuppetTypes::TypeFactory }
  let(:c) { described_class }

  # Values of every kind in DESIGN.md's mapping, nested too.
  let(:values) do
    [0, -7, 2**62, 2**64, -2**70, 1.5, -0.0, '', 'text', 'é', "\xff".b, nil, true, false, :default, :undef, :sym,
     /a+/, [], [1, 'a', nil], { 'a' => 1, 'b' => [true, { 'c' => 2.5 }] }, { 1 => 2 }, Object.new,
     f.range(1, 2), [[1, [2, [3]]]], { 'k' => :default }]
  end

  let(:types) do
    [f.any, f.integer, f.range(0, 10), f.float, f.numeric, f.string, f.string(f.range(1, 3)), f.enum('a', 'text'),
     f.pattern(/^t/), f.boolean, f.undef, f.default, f.scalar, f.scalar_data, f.data, f.rich_data,
     f.array_of(f.integer), f.array_of_any, f.hash_kv(f.string, f.data), f.hash_of_any, f.tuple([f.integer, f.string]),
     f.struct('a' => f.integer, 'b' => f.array_of_any), f.optional(f.string), f.not_undef, f.variant(f.integer, f.string),
     f.collection(f.range(1, 3)), f.type_type(f.integer), f.regexp, f.runtime('ruby', 'Object'), f.iterable]
  end

  it 'checks hashes that share their key strings against Array[Struct] by name (seed 001 Struct), whatever the order' do
    name = 'name'
    port = 'port'
    inner = f.struct('name' => f.string)
    type = f.array_of(f.struct('name' => f.string(f.range(1, nil)), 'port' => f.range(0, 10),
                               f.optional('sub') => inner))
    good = [{ name => 'a', port => 1 }, { port => 2, name => 'b' }, { name => 'c', port => 3, 'sub' => { name => 'x' } },
            { name => 'd', port => 4 }]
    expect(c.instance?(type, good)).to be(true)
    expect(PuppetTypes::Internal.instance_converted(type, good)).to be(true)
    [[{ name => 'a', port => 1 }, { name => '', port => 2 }],
     [{ name => 'a', port => 1 }, { port => 2 }],
     [{ name => 'a', port => 1 }, { name => 'b', port => 2, 'sub' => { port => 'x' } }],
     [{ name => 'a', port => 1 }, { name => 'b', port => 2, 'extra' => 1 }],
     [{ name => 'a', port => 1 }, { port => 'b', name => 2 }]].each do |bad|
      expect(c.instance?(type, bad)).to be(false), bad.inspect
      expect(PuppetTypes::Internal.instance_converted(type, bad)).to be(false), bad.inspect
    end
  end

  it 'answers instance? the same walking Ruby objects in place as on converted values' do
    values.each do |v|
      types.each do |t|
        converted = begin
          PuppetTypes::Internal.instance_converted(t, v)
        rescue PuppetTypes::ArgumentError
          next # not convertible (Bignum, binary string): only the in-place path answers
        end
        expect(c.instance?(t, v)).to eq(converted), "#{t}.instance?(#{v.inspect})"
        expect(t.instance?(v)).to eq(converted)
      end
    end
  end

  it 'infers the same types walking Ruby objects in place as on converted values' do
    values.each do |v|
      begin
        expected = PuppetTypes::Internal.infer_converted(v)
        expected_set = PuppetTypes::Internal.infer_set_converted(v)
      rescue PuppetTypes::ArgumentError
        next
      end
      expect(c.infer(v)).to eq(expected), "infer(#{v.inspect})"
      expect(c.infer_set(v)).to eq(expected_set), "infer_set(#{v.inspect})"
    end
  end

  it 'infers big data with repeated keys and values as on converted values (the inference caches)' do
    words = %w[web prod db a b]
    data = Array.new(3_000) do |i|
      h = { 'name' => "svc#{i % 700}", 'port' => (i * 37) % 1_000, 'tags' => [words[i % 5], words[(i + 1) % 5]] }
      h[+'extra'] = nil if i.odd? # a key String that is not the frozen literal, and an undef value
      h[words[i % 5]] = { 'n' => i % 3 }
      h
    end
    expect(c.infer_set(data)).to eq(PuppetTypes::Internal.infer_set_converted(data))
    expect(c.infer_set(data).to_s).to eq(PuppetTypes::Internal.infer_set_converted(data).to_s)
  end

  it 'raises ArgumentError naming a pattern that backtracks catastrophically, instead of running for minutes' do
    # seed 001 Pattern; Ruby 3.1 (the reference) has no limit (docs/divergences.md)
    t = PuppetTypes::TypeParser.parse('Pattern[/^(a|aa)+$/]')
    expect(t.instance?('aaaa')).to be(true)
    bad = "#{'a' * 40}b"
    expect { t.instance?(bad) }.to raise_error(PuppetTypes::ArgumentError, %r{/\^\(a\|aa\)\+\$/ gave up})
    expect { c.describe_mismatch(f.struct('k' => t), { 'k' => bad }) }.to raise_error(PuppetTypes::ArgumentError)
    # the failure does not leak into the next call
    expect(t.instance?('aa')).to be(true)
  end

  it 'describes a mismatch deep in data as the reference does, and refuses data that contains itself' do
    deep = []
    inner = deep
    50.times { inner << (inner = []) }
    inner << :sym
    expect(c.instance?(f.data, deep)).to be(false)
    # one line per variant of Data at each level, as the reference writes it
    message = c.describe_mismatch(f.data, deep)
    expect(message).to start_with("  variant 0 expects a ScalarData value, got Tuple\n   variant 1 expects a Hash value")
    expect(message).to end_with("#{'variant 2 index 0 ' * 50}expects a Data value, got Runtime")
    looped = [1]
    looped << looped
    # (the reference overflows its stack)
    expect { c.describe_mismatch(f.data, looped, 'x') }
      .to raise_error(PuppetTypes::ArgumentError, /nested more than 10000 levels deep \(or containing itself\)/)
  end

  describe 'a long check and a signal' do
    stop = Class.new(StandardError)

    # A type that doubles at each of `levels` levels and a value nested as
    # deep that it does not match: instance? takes about 2**levels steps.
    def doubling(levels)
      type = f.integer
      value = 's'
      levels.times do
        type = f.variant(f.array_of(type), f.tuple([type]))
        value = [value]
      end
      [type, value]
    end

    around do |example|
      old = trap('USR1') { raise stop }
      example.run
    ensure
      trap('USR1', old)
    end

    it 'stops when the signal handler raises, and the exception reaches the caller' do
      type, value = doubling(28) # minutes
      killer = Process.spawn("sleep 0.3; kill -USR1 #{Process.pid}")
      expect { type.instance?(value) }.to raise_error(stop)
      Process.wait(killer)
    end

    it 'answers as before when the handler returns (the check runs again)' do
      trap('USR1') { nil }
      type, value = doubling(21)
      killer = Process.spawn("sleep 0.05; kill -USR1 #{Process.pid}")
      expect(type.instance?(value)).to be(false)
      Process.wait(killer)
    end
  end

  it 'infers shared string objects as their texts (the cache of string objects)' do
    # 2,000 frozen texts, each used as the same object in many arrays and
    # hashes (more objects than the cache has slots, so slots are reused),
    # next to equal texts that are other objects.
    texts = Array.new(2_000) { |i| "t#{i}".freeze }
    data = Array.new(6_000) do |i|
      a = texts[(i * 7) % 2_000]
      b = texts[(i * 13) % 2_000]
      { 'tags' => [a, b], 'same' => [a, a], 'copy' => [+a.dup, b], 'one' => b }
    end
    expect(c.infer_set(data)).to eq(PuppetTypes::Internal.infer_set_converted(data))
  end

  it 'lets the GC reclaim big inferred types that are dropped' do
    data = Array.new(10_000) { |i| { 'name' => "svc#{i}", 'port' => i, 'tags' => %w[web prod] } }
    before = GC.count
    60.times { c.infer_set(data) }
    # Each result holds megabytes of Rust memory behind a small wrapper; the
    # wrappers are collected as that memory grows, not only when Ruby objects run out.
    expect(GC.count - before).to be >= 3

    # ... but not while the program has the GC disabled.
    GC.disable
    before = GC.count
    10.times { c.infer_set(data) }
    expect(GC.count).to eq(before)
  ensure
    GC.enable
  end

  it 'checks, infers and compares types' do
    expect(c.instance?(f.range(1, 10), 5)).to be(true)
    expect(c.instance?(f.range(1, 10), 11)).to be(false)
    expect(c.infer([1, 2]).to_s).to eq('Array[Integer[1, 2], 2, 2]')
    expect(c.infer_set({ 'a' => 1 }).to_s).to eq("Struct[{'a' => Integer[1, 1]}]")
    expect(c.generalize(f.range(1, 2)).to_s).to eq('Integer')
    expect(c.common_type(f.range(1, 2), f.range(5, 6)).to_s).to eq('Integer[1, 6]')
    expect(c.assignable?(f.numeric, f.integer)).to be(true)
    expect(c.assignable?(f.integer, f.numeric)).to be(false)
  end

  it 'does not convert big Ruby data to check it (Bignums and odd strings answer instead of raising)' do
    # As in the reference, a Bignum is an Integer (of an unbounded range only).
    expect(c.instance?(f.integer, 2**64)).to be(true)
    expect(c.instance?(f.range(0, 10), 2**64)).to be(false)
    expect(c.instance?(f.array_of(f.string), ['ok', "\xff".b])).to be(false)
  end

  it 'describes mismatches in the reference words, nil when the value matches' do
    port = f.struct('port' => f.range(0, 65_535))
    expect(c.describe_mismatch(port, { 'port' => 80 })).to be_nil
    expect(c.describe_mismatch(port, { 'port' => 'x' })).to eq("entry 'port' expects an Integer value, got String")
    expect(c.describe_mismatch(f.array_of(f.integer), [1, 'a'], 'parameter')).to eq("parameter index 1 expects an Integer value, got String")
  end

  it 'gives each mismatch with its path of keys and indexes from the value root' do
    t = f.struct('x' => f.integer, 'y' => f.array_of(f.string))
    found = c.mismatches(t, { 'x' => 'no', 'y' => ['a', 2] })
    expect(found).to eq([{ path: ['x'], message: "entry 'x' expects an Integer value, got String", at_key: false },
                         { path: ['y', 1], message: "entry 'y' index 1 expects a String value, got Integer", at_key: false }])
    expect(found).to be_frozen
    expect(found.first).to be_frozen
    expect(c.mismatches(f.integer, 1)).to eq([])
    expect(c.mismatches(f.integer, 'a')).to eq([{ path: [], message: 'expects an Integer value, got String', at_key: false }])
  end

  it 'prefixes the subject to describe_mismatch as the reference does' do
    enum = PuppetTypes::TypeParser.parse("Enum['Off', 'On', 'off', 'on']")
    expect(c.describe_mismatch(enum, 'yes', "parameter 'sendfile'"))
      .to eq("parameter 'sendfile' expects a match for Enum['Off', 'On', 'off', 'on'], got 'yes'")
  end

  it 'raises ArgumentError when given something that is not a type' do
    expect { c.instance?('Integer', 1) }.to raise_error(PuppetTypes::ArgumentError, /expected a PuppetTypes::Type/)
  end

  describe 'Type operators, as the language compares types' do
    it 'orders by assignability' do
      expect(f.range(1, 5) < f.integer).to be(true)
      expect(f.integer < f.integer).to be(false)
      expect(f.integer <= f.integer).to be(true)
      expect(f.numeric > f.integer).to be(true)
      expect(f.numeric >= f.float).to be(true)
      expect(f.string < f.integer).to be(false)
      expect(f.numeric.assignable?(f.integer)).to be(true)
    end

    it 'iterates finite Integer ranges and Enums' do
      expect(f.range(1, 3).each.to_a).to eq([1, 2, 3])
      expect(f.enum('b', 'a').each.map(&:upcase)).to eq(%w[A B])
      expect { f.integer.each { nil } }.to raise_error(PuppetTypes::ArgumentError, /finite range/)
    end
  end
end
