# frozen_string_literal: true

require 'spec_helper'

# Runtime types of a class name without a runtime (`TypeFactory.runtime(nil,
# 'x')`, `Runtime[undef, 'x']`), compared with the reference on generated
# types, objects and pairs of types: their text, reading it back, instance?
# (an object of exactly that class: no runtime resolves the class, so
# objects of its subclasses are not held) and assignable? with Runtime types
# of the ruby runtime (wider than those of the same name).
RSpec.describe 'Runtime types without a runtime against the reference', reference: true do
  module RuntimeUndef
    class Base; end
    class Derived < Base; end
    module Mixin; end
    class WithMixin; include Mixin; end
  end

  NAMES = [nil, 'RuntimeUndef::Base', 'RuntimeUndef::Derived', 'RuntimeUndef::Mixin', 'Object', 'String', 'Symbol',
           'x', [/Puppet::(\w+)/, 'Ruby::\1'], [/a/, 'b']].freeze
  RUNTIMES = [nil, 'ruby', :ruby].freeze
  OBJECTS = [RuntimeUndef::Base.new, RuntimeUndef::Derived.new, RuntimeUndef::WithMixin.new, Object.new, 'text', :sym,
             1, nil, [1], RuntimeUndef::Base, Class.new.new].freeze

  let(:ref_factory) { Puppet::Pops::Types::TypeFactory }
  let(:ref_parser) { Puppet::Pops::Types::TypeParser.singleton }

  def answer
    yield
  rescue StandardError => e
    e.class
  end

  it 'prints, reads back, holds and is assigned as the reference on generated types' do
    rng = Random.new(2303)
    failures = []
    compared = 0
    pairs = Array.new(400) { [[RUNTIMES.sample(random: rng), NAMES.sample(random: rng)], [RUNTIMES.sample(random: rng), NAMES.sample(random: rng)]] }
    pairs.each do |(ra, na), (rb, nb)|
      ref_a = ref_factory.runtime(ra, na)
      ref_b = ref_factory.runtime(rb, nb)
      gem_a = PuppetTypes::TypeFactory.runtime(ra, na)
      gem_b = PuppetTypes::TypeFactory.runtime(rb, nb)
      label = "runtime(#{ra.inspect}, #{na.inspect})"
      compared += 1
      failures << "#{label}: #{ref_a} vs #{gem_a}" unless ref_a.to_s == gem_a.to_s
      ref_read = answer { ref_parser.parse(ref_a.to_s) == ref_a }
      gem_read = answer { PuppetTypes::TypeParser.parse(gem_a.to_s) == gem_a }
      failures << "#{label}: reads back #{ref_read} vs #{gem_read}" unless ref_read == gem_read
      OBJECTS.each do |o|
        r = ref_a.instance?(o)
        g = gem_a.instance?(o)
        failures << "#{label}.instance?(#{o.inspect}): #{r} vs #{g}" unless r == g
      end
      # (two different class names of the ruby runtime are compared by Ruby's
      # class hierarchy in the reference: docs/divergences.md)
      next if ref_a.runtime == :ruby && ref_b.runtime == :ruby && na.is_a?(String) && nb.is_a?(String) && na != nb

      r = answer { ref_a.assignable?(ref_b) }
      g = answer { gem_a.assignable?(gem_b) }
      failures << "#{label}.assignable?(#{ref_b}): #{r} vs #{g}" unless r == g
    end
    expect(failures.uniq.first(20)).to eq([])
    expect(compared).to eq(400)
  end

  it 'reads Runtime[undef, ...] as the reference does' do
    ["Runtime[undef, 'x']", "Runtime[undef, [/a/, 'b']]", 'Runtime[undef, undef]', "Optional[Runtime[undef, 'x']]"]
      .each do |source|
      expect(PuppetTypes::TypeParser.parse(source).to_s).to eq(ref_parser.parse(source).to_s)
    end
    expect(PuppetTypes::TypeParser.parse("Runtime[undef, 'x']")).to eq(PuppetTypes::TypeFactory.runtime(nil, 'x'))
    expect(PuppetTypes::TypeFactory.runtime(nil, 'RuntimeUndef::Base').instance?(RuntimeUndef::Derived.new)).to be(false)
    expect(PuppetTypes::TypeFactory.runtime('ruby', 'RuntimeUndef::Base').instance?(RuntimeUndef::Derived.new)).to be(true)
  end
end
