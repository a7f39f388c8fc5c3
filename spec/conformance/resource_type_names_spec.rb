# frozen_string_literal: true

require 'spec_helper'
require_relative '../support/eval_reference'

# Resource type names: every path that reads one (the type-string reader's
# `Resource['name']`, `Resource[name]` and bare names, the factory's
# `resource(name)` and `resource(name, title)`, and the evaluator's
# `Resource['name']`, `Resource[name]`, `Name['title']` and `Class['name']`)
# against the reference on names generated from mixed-case segments.
#
# A name that starts with an ASCII capital (at the start of any line: the
# reference's test is a Ruby `^`) is kept as given; any other name has each
# `::`-separated segment capitalised as Ruby's `String#capitalize` does
# (title case, then lower case: `fOO::bAR` is `Foo::Bar`, `ß` is `Ss`),
# trailing empty segments dropped, a one-segment name capitalised whole
# (`foo::` is `Foo::`). The result must be a class reference, else the
# factory and the type-string reader raise "Illegal type name 'Foo::bar'"
# (an ArgumentError) and the evaluator "Illegal type reference. The given
# name 'Foo::bar' does not conform to the naming rule" at the name. A class
# name is downcased and must be a NAME once one leading `::` is dropped; a
# capitalised name of no known type given to `Class[...]` is a type
# reference there (`Class[Foo]`: "A TypeReference['Foo']-Type cannot be
# used where a String is expected").
#
# Bare names the reference's lexer crashes on (`foo::`, `::`: a
# NoMethodError; `::Foo::`: "index out of range") are counted, not compared
# (docs/divergences.md).

# The generated names (a module of their own: spec files share Ruby's top level).
module ResourceTypeNameCases
  SEGMENTS = ['foo', 'Foo', 'fOO', 'FOO', '_foo', 'foo_bar', '9a', 'é', '', 'ß', 'ǆa', 'ſa', "a\u212A", 'ﬀ', 'aΣ',
              'x1', 'a-b', 'ᾳ', 'ა'].freeze
  EXTRA = [':::', 'foo:::bar', "foo\nBar", "foo\nbar", ' foo', 'Foo ', '::::', 'foo::::', 'a::b::'].freeze

  def self.names(rng)
    joined = Array.new(400) do
      n = Array.new(rng.rand(1..3)) { SEGMENTS.sample(random: rng) }.join('::')
      n = "::#{n}" if rng.rand(4).zero?
      n = "#{n}::" if rng.rand(8).zero?
      n
    end
    (SEGMENTS + EXTRA + SEGMENTS.map { |s| "::#{s}" } + joined).uniq
  end

  # The reference's lexer crashes on a name that ends in `::` (a
  # NoMethodError, or Ruby's "index out of range" after a class reference).
  def self.crash?(message)
    message.match?(/NoMethodError|undefined method|\Aindex out of range\z/)
  end

  # Capitalised names in type strings: Puppet's own resource types, core
  # types and names of no type, in several cases, with and without `::`,
  # alone, titled, and inside `Resource[...]` and other types.
  TYPE_NAMES = %w[Foo FOO FoO Foo::Bar FOO::BAR Foo::BAR X X1 Foo_bar File FILE FiLe Notify NOTIFY Node NODE Whit
                  Filebucket FILEBUCKET Exec Integer INTEGER Data].freeze
  TITLES = ["'t'", "'x y'", "''", '"d"', 'undef', 'a', "'q\\'s'"].freeze
  # (%N: the name, %M: another name, %T: a title)
  TYPE_SHAPES = ['%N', '%N[%T]', '%N[%T, %T]', 'Resource[%N]', 'Resource[%N[%T]]', 'Resource[%N, %T]',
                 'Resource[%N[%T], %T]', 'Resource[%N[%T], %T, %T]', 'Resource[%N[%T, %T]]', 'Array[%N]',
                 'Optional[%N[%T]]', 'Type[Resource[%N[%T]]]', 'Variant[%N, %M[%T]]', 'RESOURCE[%N[%T]]',
                 'Resource[%N[%T]][%T]', 'Resource[%N][%T]', '::Resource[%N]', '::Resource[%T]'].freeze
  # Core types read as a resource type's name or title (the reference names
  # Ruby classes, or reads `Integer['t']` as a range), and titles that are
  # not Strings (docs/divergences.md).
  CORE = /(?<![A-Za-z_])(Integer|INTEGER|Data)\[|Resource\[(::)?(Integer|INTEGER|Data)\b|\[(::)?[A-Z]\w*\[(::)?[A-Z][\w:]*\]/.freeze

  def self.type_strings(rng)
    names = TYPE_NAMES + TYPE_NAMES.map { |n| "::#{n}" }
    TYPE_SHAPES.product(names).flat_map do |shape, n|
      Array.new(3) do
        shape.gsub('%N', n).gsub('%M') { names.sample(random: rng) }.gsub('%T') { TITLES.sample(random: rng) }
      end
    end.uniq.reject { |s| s.match?(CORE) }
  end

  # A name as a single-quoted Puppet string.
  def self.quoted(name)
    "'#{name.gsub(/['\\]/) { |c| "\\#{c}" }}'"
  end
end

RSpec.describe 'Resource type names against the reference', reference: true do
  let(:names) { ResourceTypeNameCases.names(Random.new(2026)) }

  def outcome
    [:ok, yield.to_s]
  rescue StandardError => e
    [:error, e.is_a?(ArgumentError), e.message]
  end

  def compare(sources)
    compared = 0
    failures = sources.filter_map do |source|
      ref = yield(:reference, source)
      next if ref.nil?

      compared += 1
      ours = yield(:gem, source)
      "#{source.inspect}\n    reference: #{ref.inspect}\n    gem:       #{ours.inspect}" unless ref == ours
    end
    warn "#{compared - failures.size}/#{compared} agree"
    expect(failures).to be_empty, failures.first(12).join("\n")
  end

  it 'capitalises and checks a name in the factory as the reference' do
    calls = names.flat_map { |n| [[n], [n, 't']] }
    compare(calls) do |side, args|
      factory = side == :gem ? PuppetTypes::TypeFactory : Puppet::Pops::Types::TypeFactory
      outcome { factory.resource(*args) }
    end
  end

  it 'reads a name in type strings as the reference' do
    q = ResourceTypeNameCases.method(:quoted)
    sources = names.flat_map { |n| ["Resource[#{q.(n)}]", "Resource[#{q.(n)}, 't']", "Resource[#{n}]", n, "#{n}['t']"] }
    # (a capitalised name of no known type is read as the reference reads
    # it, a type reference; a quoted name is read alike by default too,
    # where such a bare name is a resource type: docs/divergences.md)
    quoted = ->(src) { src.start_with?("Resource['") }
    cases = sources.uniq.flat_map { |src| [[src, :type_reference], *([[src, :resource]] if quoted.(src))] }
    ref_parser = Puppet::Pops::Types::TypeParser.singleton
    crashes = 0
    compare(cases) do |side, (source, unknown)|
      # (the error's class is not compared: the gem's TypeError and
      # ParseError stand for the reference's ArgumentError, ParseError and
      # ParseErrorWithIssue, docs/divergences.md)
      if side == :gem
        outcome { PuppetTypes::TypeParser.parse(source, unknown_names: unknown) }.values_at(0, -1)
      else
        ref = Reference.with_loaders { |l| outcome { ref_parser.parse(source, l.private_environment_loader) } }
        crashes += 1 if ResourceTypeNameCases.crash?(ref.last)
        ref.values_at(0, -1) unless ResourceTypeNameCases.crash?(ref.last)
      end
    end
    warn "#{crashes} reference crashes"
  end

  # By default a name of no type is a resource type where the reference's
  # TypeParser, whose loader knows no such type, answers a type reference
  # (docs/divergences.md): its answers holding one are compared with
  # `unknown_names: :type_reference`, the others with the default.
  it 'reads capitalised names in type strings as the reference, in both modes' do
    ref_parser = Puppet::Pops::Types::TypeParser.singleton
    sources = ResourceTypeNameCases.type_strings(Random.new(3))
    references = sources.to_h do |source|
      [source, Reference.with_loaders { |l| outcome { ref_parser.parse(source, l.private_environment_loader) } }]
    end
    cases = sources.flat_map do |source|
      modes = references[source].to_s.include?('TypeReference') ? [:type_reference] : %i[resource type_reference]
      modes.map { |mode| [source, mode] }
    end
    compare(cases) do |side, (source, mode)|
      if side == :gem
        outcome { PuppetTypes::TypeParser.parse(source, unknown_names: mode) }.values_at(0, -1)
      else
        references[source].values_at(0, -1)
      end
    end
  end

  it 'names resource types and classes in evaluated code as the reference' do
    q = ResourceTypeNameCases.method(:quoted)
    sources = names.flat_map do |n|
      # (`name['t']` of a lowercase name is a substring operation)
      titled = n.match?(/\A(::)?[A-Z]/) ? ["#{n}['t']"] : []
      ["Resource[#{q.(n)}]", "Resource[#{q.(n)}, 't']", "Resource[#{n}]", "Class[#{q.(n)}]", "Class[#{n}]", *titled]
    end
    crashes = 0
    compare(sources.uniq) do |side, source|
      next EvalReference.gem(source) if side == :gem

      ref = EvalReference.reference(source)
      next ref unless ResourceTypeNameCases.crash?(ref[1].to_s)

      crashes += 1
      nil
    end
    warn "#{crashes} reference crashes"
  end
end
