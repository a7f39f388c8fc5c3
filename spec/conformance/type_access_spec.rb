# frozen_string_literal: true

require 'spec_helper'
require_relative '../support/eval_reference'

# The access operator on types in evaluated code (`Integer[1, 2]`,
# `Enum[$names]`, `File['a', 'b']`, `Class[$names]`), against the
# reference's evaluator on generated expressions: every built-in type and
# resource and class references, given keys of every kind, nested in Arrays.
# Each must end alike: the same type (or Array of types), or the same
# message at the same line and column.
#
# Where the reference's message names a Ruby class (`Got TrueClass`,
# `Got Puppet::Pops::Types::POptionalType`), the gem names the Puppet type
# (`Got Boolean`, `Got Optional-Type`): the reference's words are mapped so
# before comparing (docs/divergences.md). Expressions where the reference
# crashes (a NoMethodError or NameError in its message) are counted, not
# compared.

# The generated cases (a module of their own: spec files share Ruby's top level).
module TypeAccessCases
  TYPES = %w[Any Scalar ScalarData Numeric Integer Float String Enum Pattern Regexp Boolean Array Hash Tuple Struct
             Variant Optional NotUndef Type Undef Default Data RichData Collection Runtime Iterable Iterator
             Sensitive Timespan Timestamp SemVer SemVerRange Init URI Binary CatalogEntry].freeze
  KEYS = ['1', '2', '2.5', "'a'", 'a', 'default', 'undef', 'true', '/x/', 'Integer', 'String[1]', '[1]', "['a', 'b']",
          '{a => 1}', '[]', '-1', "'1'", 'Optional[Integer]', "[/x/, 'y']", "'http://x'", 'Integer[1, 2]',
          "{scheme => 'http'}", "[[2, 'b']]"].freeze
  TITLES = ["'a'", "'b'", '1', 'undef', '[]', "['a', undef]", "[['c']]", 'File', "'file'", "File['x']", "'a-b'",
            "'::A::b'", "'3a'", 'Integer', '[1]', "'Foo::Bar'"].freeze

  RUBY_WORDS = {
    /TrueClass or FalseClass/ => 'Boolean', /\b(TrueClass|FalseClass)\b/ => 'Boolean', /\ba NilClass\b/ => 'an Undef',
    /\bNilClass\b/ => 'Undef', /\bSymbol\b/ => 'Default', /SemanticPuppet::VersionRange/ => 'SemVerRange',
    /Puppet::Pops::Types::P(\w+)Type\b/ => '\1-Type', /Puppet::Pops::Time::(Timespan|Timestamp)/ => '\1'
  }.freeze

  # Messages that show a Ruby object (its class, or the source of Ruby's URI
  # regexp) are compared up to it.
  RUBY_OBJECTS = [/(Unable to create a \w+ from a ).*/, /(expects a match for Pattern\[).*/m].freeze

  # Keys that are not types where a Callable or a Struct's value wants one:
  # the reference makes a Runtime type of a String ("Runtime[ruby, 'a']"),
  # which the gem refuses (docs/divergences.md).
  RUBY_CONVERSIONS = /\ACallable\[|\AStruct\[.*=> '/.freeze
end

RSpec.describe 'Type access in evaluated code against the reference', reference: true do
  def self.expressions(rng)
    cases = TypeAccessCases
    key = lambda do |d = 0|
      next cases::KEYS.sample(random: rng) unless d < 1 && rng.rand(4).zero?

      "[#{Array.new(rng.rand(3)) { key.call(d + 1) }.join(', ')}]"
    end
    title = -> { cases::TITLES.sample(random: rng) }
    cases::TYPES.flat_map { |t| Array.new(30) { "#{t}[#{Array.new(rng.rand(1..3)) { key.call }.join(', ')}]" } } +
      Array.new(150) { "Resource[#{Array.new(rng.rand(1..3)) { title.call }.join(', ')}]" } +
      Array.new(100) { "File[#{Array.new(rng.rand(1..3)) { title.call }.join(', ')}]" } +
      Array.new(100) { "Class[#{Array.new(rng.rand(1..3)) { title.call }.join(', ')}]" } +
      ['URI[{scheme => 1}]', 'URI[{port => 80}]', "URI[{port => '80'}]", "URI[{host => 'x', path => '/a'}]",
       'URI[{port => 2.5}]', 'URI[{scheme => undef}]', 'URI[{scheme => Enum[a, b], port => Integer}]',
       'URI[{port => String}]', "URI[{userinfo => 'a', opaque => 'x', query => 'q'}]"] +
      ["Resource['fé']", "Class['aé']", "File['é']"] +
      ["type MyA = Integer\nMyA[1]", "$x = Integer[1]\n$x[2]", "$n = ['a', 'b']\nEnum[$n]", 'Package[[a, b]]']
  end

  def reference_words(outcome)
    return outcome unless outcome[0] == :error

    message = TypeAccessCases::RUBY_WORDS.reduce(outcome[1]) { |m, (re, to)| m.gsub(re, to) }
    [outcome[0], message, *outcome[2..]]
  end

  def up_to_ruby_objects(outcome)
    return outcome unless outcome[0] == :error

    [outcome[0], TypeAccessCases::RUBY_OBJECTS.reduce(outcome[1]) { |m, re| m.sub(re, '\1...') }, *outcome[2..]]
  end

  it 'parameterizes types as the reference on generated access expressions' do
    crashes = 0
    compared = 0
    failures = self.class.expressions(Random.new(4401)).uniq.filter_map do |src|
      next if src.match?(TypeAccessCases::RUBY_CONVERSIONS)

      ref = EvalReference.reference(src)
      if ref[0] == :error && ref[1].match?(/undefined (method|local variable)|NoMethodError/)
        crashes += 1
        next
      end
      # (a Hash size the reference converts from undef, or crashes on)
      next if src.start_with?('Hash[') && ref[1].to_s.match?(/, 0\]\z|comparison of/)
      # (the reference checks an Init type's arguments when the type is
      # first used, here when it is printed, and then without a position)
      next if src.start_with?('Init[') && ref[0] == :error && ref[2].nil?

      compared += 1
      ours = EvalReference.gem(src)
      next if up_to_ruby_objects(reference_words(ref)) == up_to_ruby_objects(ours)

      "#{src}\n    reference: #{ref.inspect}\n    gem:       #{ours.inspect}"
    end
    warn "type access: #{compared - failures.size}/#{compared} agree, #{crashes} reference crashes"
    expect(failures).to be_empty, failures.first(15).join("\n")
  end
end
