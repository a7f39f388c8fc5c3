# frozen_string_literal: true

require 'spec_helper'

# TypeFactory against the reference's Puppet::Pops::Types::TypeFactory: the
# same calls must print the same canonical text.
RSpec.describe 'TypeFactory conformance', reference: true do
  # Calls with plain arguments: [method, args...].
  PLAIN_CALLS = [
    [:integer], [:range, 1, 10], [:range, :default, 5], [:range, -3, -3], [:float_range, 1.5, nil],
    [:float_range, -1, 2.5], [:string], [:optional], [:enum, 'b', 'a'], [:enum, 'b', 'a', true], [:enum],
    [:boolean], [:boolean, true], [:boolean, false], [:any], [:undef], [:default], [:scalar],
    [:scalar_data], [:numeric], [:float], [:data], [:rich_data], [:binary], [:catalog_entry],
    [:sem_ver_range], [:sem_ver], [:array_of_any], [:hash_of_any], [:array_of_data], [:hash_of_data],
    [:collection], [:resource], [:resource, 'file'], [:resource, 'foo::bar', 'x'], [:host_class],
    [:host_class, '::foo'], [:regexp], [:regexp, /a+/], [:regexp, 'a+'], [:pattern], [:pattern, /a/, 'b'],
    [:pattern, /a/, /a/], [:runtime, 'ruby', 'Foo'], [:ruby_type, 'Foo'], [:type_reference, 'Foo'],
    [:all_callables], [:not_undef], [:type_type], [:sensitive], [:iterable], [:iterator], [:uri],
    [:timespan], [:timestamp], [:struct], [:tuple]
  ].freeze

  # Calls that build on other types, written once for both factories.
  TYPED_CALLS = {
    'array_of(integer)' => ->(f) { f.array_of(f.integer) },
    'array_of(string, range(1, 2))' => ->(f) { f.array_of(f.string, f.range(1, 2)) },
    'array_of(string, range(0, 0))' => ->(f) { f.array_of(f.string, f.range(0, 0)) },
    'hash_kv(string, integer)' => ->(f) { f.hash_kv(f.string, f.integer) },
    'hash_of(integer)' => ->(f) { f.hash_of(f.integer) },
    'hash_of(integer, string)' => ->(f) { f.hash_of(f.integer, f.string) },
    'hash_kv(string, integer, range(1, default))' => ->(f) { f.hash_kv(f.string, f.integer, f.range(1, :default)) },
    'struct' => ->(f) { f.struct('a' => f.integer, 'b' => f.optional(f.string)) },
    'struct with key types' => ->(f) { f.struct(f.optional('a') => f.integer, f.not_undef('b') => f.optional(f.string)) },
    'struct with redundant key types' => ->(f) { f.struct(f.optional('a') => f.optional(f.integer), f.not_undef('b') => f.string) },
    'tuple' => ->(f) { f.tuple([f.string, f.integer]) },
    'tuple sized' => ->(f) { f.tuple([f.string], f.range(1, 3)) },
    'variant' => ->(f) { f.variant(f.string, f.integer, f.string) },
    'variant of one' => ->(f) { f.variant(f.string) },
    'nested variant' => ->(f) { f.variant(f.variant(f.string, f.integer), f.boolean) },
    'optional(string)' => ->(f) { f.optional(f.string) },
    "optional('key')" => ->(f) { f.optional('key') },
    'not_undef(string)' => ->(f) { f.not_undef(f.string) },
    "not_undef('key')" => ->(f) { f.not_undef('key') },
    'type_type(integer)' => ->(f) { f.type_type(f.integer) },
    'callable(string)' => ->(f) { f.callable(f.string) },
    'callable(string, 1, 2)' => ->(f) { f.callable(f.string, 1, 2) },
    'callable(string, 1)' => ->(f) { f.callable(f.string, 1) },
    'callable([string], integer)' => ->(f) { f.callable([f.string], f.integer) },
    'callable(0, 0)' => ->(f) { f.callable(0, 0) },
    'callable(string, all_callables)' => ->(f) { f.callable(f.string, f.all_callables) },
    'callable(string, optional(all_callables))' => ->(f) { f.callable(f.string, f.optional(f.all_callables)) },
    'collection(range(1, 2))' => ->(f) { f.collection(f.range(1, 2)) },
    'string(range(1, 2))' => ->(f) { f.string(f.range(1, 2)) },
    'sensitive(integer)' => ->(f) { f.sensitive(f.integer) },
    'iterable(string)' => ->(f) { f.iterable(f.string) },
    'iterator(integer)' => ->(f) { f.iterator(f.integer) },
    'array_of(Integer)' => ->(f) { f.array_of(Integer) },
    'hash_kv(String, Float)' => ->(f) { f.hash_kv(f.type_of(String), f.type_of(Float)) },
    "type_of('Foo')" => ->(f) { f.type_of('Foo') },
    'init(integer, 16)' => ->(f) { f.init(f.integer, 16) },
    'uri(hash)' => ->(f) { f.uri('scheme' => 'http', 'host' => 'example.com') }
  }.freeze

  def reference_factory
    Puppet::Pops::Types::TypeFactory
  end

  PLAIN_CALLS.each do |method, *args|
    it "#{method}(#{args.map(&:inspect).join(', ')})" do
      expect(PuppetTypes::TypeFactory.public_send(method, *args).to_s)
        .to eq(reference_factory.public_send(method, *args).to_s)
    end
  end

  TYPED_CALLS.each do |label, call|
    it label do
      expect(call.call(PuppetTypes::TypeFactory).to_s).to eq(call.call(reference_factory).to_s)
    end
  end
end
