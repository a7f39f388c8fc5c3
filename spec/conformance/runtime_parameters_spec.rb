# frozen_string_literal: true

require 'spec_helper'
require_relative '../support/eval_reference'

# The parameters of `Runtime[runtime, name_or_pattern]` read as type strings (`TypeParser`), compared with the
# reference on generated expressions:
#
# - the runtime is a name, `undef` (no runtime) or `default`, which the
#   reference reads as a runtime named "default" (`Runtime[default, 'x']`
#   prints, reads back and compares as `Runtime['default', 'x']`);
# - the name is a non-empty String, `undef`, or a `[Regexp, String]` pair
#   with a non-empty replacement;
# - anything else raises with the reference's message, which its type
#   mismatch describer words ("Runtime 'name_or_pattern' has wrong type,
#   expects a value of type String or Tuple, got Type[Integer]", one line per
#   Variant member for an Array).

# The generated parameters (a module of their own: spec files share Ruby's top level).
module RuntimeParameterCases
  SCALARS = ['ruby', "'x'", "'A::B'", 'default', 'undef', '1', '2.5', 'true', "''", "'default'", 'Default', 'Integer',
             'String[1]', '/x/', '/a(b)/', '{}', "{a => 1}", '[]'].freeze
end

RSpec.describe 'Runtime type parameters against the reference', reference: true do
  let(:ref_parser) { Puppet::Pops::Types::TypeParser.singleton }

  def self.param(rng, depth = 0)
    return RuntimeParameterCases::SCALARS.sample(random: rng) if depth > 1 || rng.rand(3).positive?

    "[#{Array.new(rng.rand(4)) { param(rng, depth + 1) }.join(', ')}]"
  end

  def outcome
    [:answer, yield.to_s]
  rescue StandardError => e
    [:raise, e.message]
  end

  it 'reads generated Runtime parameters as the reference does, or raises its message' do
    rng = Random.new(6611)
    scalars = RuntimeParameterCases::SCALARS
    sources = scalars.product(scalars).map { |a, b| "Runtime[#{a}, #{b}]" }
    sources += Array.new(600) { "Runtime[#{self.class.param(rng)}, #{self.class.param(rng)}]" }
    kinds = Hash.new(0)
    failures = sources.uniq.filter_map do |source|
      ref = outcome { ref_parser.parse(source) }
      gem = outcome { PuppetTypes::TypeParser.parse(source) }
      kinds[ref.first] += 1
      "#{source}:\n  reference #{ref.inspect}\n  gem       #{gem.inspect}" unless ref == gem
    end
    expect(failures).to be_empty, failures.first(10).join("\n")
    # (the generated parameters reach both answers and many messages)
    expect(kinds[:answer]).to be > 20
    expect(kinds[:raise]).to be > 200
  end

  it 'holds, assigns and compares a runtime named by default as the reference' do
    names = ["'String'", "'Integer'", "[/x/, 'y']", 'undef']
    types = %w[default 'default' ruby undef].product(names).map { |r, n| "Runtime[#{r}, #{n}]" } + %w[Any Runtime]
    values = ['a', 1, nil, :default, Object.new]
    types.product(types).each do |a, b|
      ref_a = ref_parser.parse(a)
      gem_a = PuppetTypes::TypeParser.parse(a)
      ref_b = ref_parser.parse(b)
      gem_b = PuppetTypes::TypeParser.parse(b)
      # (two class names of the ruby runtime are compared by Ruby's class
      # hierarchy in the reference: docs/divergences.md)
      next if a.include?('ruby') && b.include?('ruby')

      expect(gem_a.assignable?(gem_b)).to eq(ref_a.assignable?(ref_b)), "#{a}.assignable?(#{b})"
      expect(gem_a == gem_b).to eq(ref_a == ref_b), "#{a} == #{b}"
      expect(PuppetTypes::TypeParser.parse(gem_a.to_s)).to eq(gem_a)
      values.each { |v| expect(gem_a.instance?(v)).to eq(ref_a.instance?(v)), "#{a}.instance?(#{v.inspect})" }
    end
  end

  it 'builds a runtime named by default in the factory, and refuses it in evaluated code as the reference' do
    expect(PuppetTypes::TypeFactory.runtime(:default, 'x').to_s)
      .to eq(Puppet::Pops::Types::TypeFactory.runtime(:default, 'x').to_s)
    # (the evaluator's access operator wants two Strings)
    source = "Runtime[default, 'x']"
    expect(EvalReference.gem(source)).to eq(EvalReference.reference(source))
    expect(EvalReference.gem(source)[0]).to eq(:error)
  end
end
