# frozen_string_literal: true

module PuppetTypes
  # Parses type expressions such as `Array[Integer[1, 10]]` into PuppetTypes::Type.
  module TypeParser
    # Parse `source`. `aliases:` is a PuppetTypes::AliasRegistry whose names
    # resolve; `unknown_names:` says what another capitalised name means:
    # `:resource` (a resource type, as in the language: `Foo::Bar`) or
    # `:type_reference` (`TypeReference['Foo::Bar']`, as the reference's
    # TypeParser answers for names its loader does not know).
    # `cache: false` parses even when the same text was parsed before (results
    # are cached by source text otherwise; types are immutable, so this is safe).
    # Raises ParseError (with line and column) for bad syntax and TypeError for
    # illegal parameters.
    def self.parse(source, aliases: nil, unknown_names: :resource, cache: true)
      unless %i[resource type_reference].include?(unknown_names)
        raise PuppetTypes::ArgumentError, "unknown_names: expects :resource or :type_reference, got #{unknown_names.inspect}"
      end

      __parse(source, aliases, unknown_names == :type_reference, cache ? true : false)
    end
  end
end
