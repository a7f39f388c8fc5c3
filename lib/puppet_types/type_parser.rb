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
    # `transcode: true` reads source in an encoding that is not ASCII-compatible
    # (see Parser#parse).
    def self.parse(source, aliases: nil, unknown_names: :resource, cache: true, transcode: false)
      # the keywords go on as they are (the extension checks unknown_names): this
      # wrapper's cost is a good part of the time to parse a short type string
      source = PuppetTypes.utf8_source(source) if transcode
      __parse(source, aliases, unknown_names, cache)
    end

    # The type a type expression of a parsed program stands for, as the
    # reference's `TypeParser#interpret` gives it: `node` is a
    # PuppetTypes::AST::Node (`Parser.new.parse('Array[Integer]').root...`).
    def self.interpret(node, aliases: nil, unknown_names: :resource)
      __interpret(node, aliases, unknown_names)
    end
  end
end
