# frozen_string_literal: true

require 'spec_helper'

# TypeParser against the reference's Puppet::Pops::Types::TypeParser, parsing
# in an environment whose modulepath holds Debian's puppetlabs modules:
# every type string must print as the reference prints it, and the gem must
# raise a PuppetTypes::Error exactly where the reference raises.
RSpec.describe 'TypeParser conformance', reference: true do
  FIXTURE = File.expand_path('../fixtures/type_strings.txt', __dir__)

  # Where the gem deliberately differs (see docs/divergences.md): input => reason.
  UNKNOWN_RESOURCE = 'the gem knows no catalog of resource types and reads an unknown name as one ' \
                     '(Foo::Bar); the reference, whose loader does not know it, answers TypeReference. ' \
                     'TypeParser.parse(s, unknown_names: :type_reference) gives the reference answer (checked below).'
  DIVERGENCES = {
    'Class[Foo]' => 'the reference crashes with NoMethodError (a bug); the gem raises a TypeError',
    'Foo::Bar' => UNKNOWN_RESOURCE,
    "Foo::Bar['x']" => UNKNOWN_RESOURCE
  }.freeze

  def self.fixture_strings
    File.readlines(FIXTURE, chomp: true).reject { |l| l.strip.empty? || l.start_with?('#') }
  end

  # Generated combinations: containers and wrappers around many element types,
  # so that nesting and parameter printing are covered beyond the hand list.
  def self.generated_strings
    leaves = ['Integer', 'Integer[1, 10]', 'Integer[default, 0]', 'Float[0.5]', 'String[1]', 'Enum[b, a]',
              "Pattern[/\\d+/]", 'Boolean', 'Undef', 'Scalar', 'Data', 'Regexp[/x/]', 'SemVer',
              "Struct[{a => Integer, Optional[b] => String}]", 'Tuple[String, Integer]', 'Any']
    wrappers = ['Array[%s]', 'Array[%s, 2]', 'Hash[String, %s]', 'Optional[%s]', 'NotUndef[%s]',
                'Variant[%s, Undef]', 'Type[%s]', 'Iterable[%s]', 'Sensitive[%s]', 'Callable[%s]',
                'Tuple[%s, 1, 3]', "Struct[{k => %s}]"]
    wrappers.product(leaves).map { |w, l| format(w, l) }
  end

  (fixture_strings + generated_strings).uniq.each do |source|
    it source do
      skip DIVERGENCES[source] if DIVERGENCES.key?(source)
      expected = Reference.type_to_s(source)
      if expected.is_a?(Array)
        expect { PuppetTypes::TypeParser.parse(source) }
          .to raise_error(PuppetTypes::Error), "the reference rejects #{source} (#{expected[1]}: #{expected[2]})"
      else
        expect(PuppetTypes::TypeParser.parse(source).to_s).to eq(expected)
      end
    end
  end

  it 'answers TypeReference for unknown names when asked to, as the reference does' do
    %w[Foo::Bar Foo::Bar['x']].each do |source|
      expect(PuppetTypes::TypeParser.parse(source, unknown_names: :type_reference).to_s).to eq(Reference.type_to_s(source))
    end
  end
end
