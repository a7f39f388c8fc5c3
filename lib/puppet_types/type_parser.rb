# frozen_string_literal: true

module PuppetTypes
  # Parses type expressions such as `Array[Integer[1, 10]]` into PuppetTypes::Type.
  module TypeParser
    # Parse `source`. `aliases:` is a PuppetTypes::AliasRegistry whose names
    # resolve; `unknown_names:` says what another capitalised name means:
    # `:resource` (a resource type, as in the language: `Foo::Bar`) or
    # `:type_reference` (`TypeReference['Foo::Bar']`, as the reference's
    # TypeParser answers for names its loader does not know).
    # Raises ParseError (with line and column) for bad syntax and TypeError for
    # illegal parameters. Results are cached by source text; `cache: false`
    # parses afresh (for benchmarks of the parser itself).
    def self.parse(source, aliases: nil, unknown_names: :resource, cache: true)
      type_references =
        if unknown_names == :resource then false
        elsif unknown_names == :type_reference then true
        else
          raise PuppetTypes::ArgumentError,
                "unknown_names: expects :resource or :type_reference, got #{unknown_names.inspect}"
        end
      __parse(source, aliases, type_references, cache ? true : false)
    end
  end
end
