# frozen_string_literal: true

module PuppetTypes
  # Parses type expressions such as `Array[Integer[1, 10]]` into PuppetTypes::Type.
  module TypeParser
    UNKNOWN_NAMES = %i[resource type_reference].freeze
    private_constant :UNKNOWN_NAMES

    # Parse `source`. `aliases:` is a PuppetTypes::AliasRegistry whose names
    # resolve; `unknown_names:` says what another capitalised name means:
    # `:resource` (a resource type, as in the language: `Foo::Bar`) or
    # `:type_reference` (`TypeReference['Foo::Bar']`, as the reference's
    # TypeParser answers for names its loader does not know).
    # Raises ParseError (with line and column) for bad syntax and TypeError for
    # illegal parameters. Results are cached by source text; `cache: false`
    # parses afresh (for benchmarks of the parser itself).
    def self.parse(source, aliases: nil, unknown_names: :resource, cache: true)
      unless UNKNOWN_NAMES.include?(unknown_names)
        raise PuppetTypes::ArgumentError, "unknown_names: expects :resource or :type_reference, got #{unknown_names.inspect}"
      end

      __parse(source, aliases, unknown_names == :type_reference, cache ? true : false)
    end
  end
end
