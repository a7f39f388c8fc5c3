# frozen_string_literal: true

module PuppetTypes
  module RSpec
    # Raised by TypeAlias#call when a value does not pass; the message is the
    # one the catalog compile would have raised.
    class TypeMismatch < PuppetTypes::Error; end

    # The type a type alias spec's top-level description names, checked the
    # way rspec-puppet checks it, without a compile. rspec-puppet compiles, for
    # each value, the manifest
    #
    #   (an empty first line)
    #   $test = <the value's source>
    #   assert_type(<the description>, $test)
    #
    # on a node named after the description (downcased), and the example fails
    # with the compile's error. #error_for gives that error's text: a syntax
    # error in the manifest, an evaluation error of the value's source, a name
    # in the description that resolves to nothing (`references an unresolved type`),
    # a description that is not a type, or assert_type's mismatch
    # description (TypeCalculator.describe_mismatch).
    class TypeAlias
      # The reference's syntax error text: the gem adds what it expected
      # (`Syntax error at ',' (expected an expression)`), which it does not.
      def self.reference_syntax_message(message)
        message.sub(/ \(expected .*?\)(?= \((?:file: [^()]*, )?line: \d+, column: \d+\)\z)/m, '')
      end

      # The text before the value's source, and the call after it.
      HEAD = "\n$test = "
      CALL = 'assert_type('

      # rspec-puppet's environment name, part of its syntax error messages.
      ENVIRONMENT = 'rp_env'

      attr_reader :name, :environment

      # `name` is the description (`'Stdlib::Port'`, or any type expression);
      # `values_as` is :source (rspec-puppet's reading of Ruby values, see
      # ValueSource) or :data (the gem's value mapping: nil is undef). With
      # `type`, the name only labels that type.
      def initialize(name, environment, values_as: :source, type: nil)
        @name = name.to_s
        @environment = environment
        @values_as = values_as
        @node = @name.downcase
        @given = type
        @resolution = [:type, type].freeze if type
      end

      def to_s
        @name
      end

      def inspect
        "#<PuppetTypes::RSpec::TypeAlias #{@name}>"
      end

      # The Type the description names; raises TypeMismatch with the compile's
      # message when it names none.
      def type
        kind, detail, = resolution
        return detail if kind == :type

        raise TypeMismatch, error_for(1) || "#{@name} is not a type"
      end

      # Raise TypeMismatch unless `value` passes (as rspec-puppet's subject
      # lambda raises when the compile fails); returns true.
      def call(value)
        message = error_for(value)
        raise TypeMismatch, message if message

        true
      end

      # nil when `value` passes assert_type, else the compile's error message.
      def error_for(value)
        if @values_as == :data
          kind = :value
          data = value
        else
          kind, data, variables = ValueSource.read(value)
        end
        text = kind == :value ? nil : data
        if text || !description_parses?
          message = syntax_error(text || ValueSource.source(value))
          return message if message
        end
        if text
          data, message = evaluate(text, variables)
          return message if message
        end
        lines = text ? text.count("\n") : 0
        check(data, 3 + lines)
      end

      private

      # The compile's message for a failed check of `data` against the
      # description, whose call is on line `line`; nil when it passes.
      def check(data, line)
        kind, detail, where = resolution
        return located(detail, where, line) if kind == :error

        mismatch = TypeCalculator.describe_mismatch(detail, data, 'assert_type():')
        mismatch && evaluation_error("Error while evaluating a Function Call, #{mismatch}", line, 1)
      rescue PuppetTypes::Error => e
        evaluation_error("Error while evaluating a Function Call, #{e.message}", line, 1)
      end

      # An error of the description's evaluation, at `where`: [:call] (the
      # assert_type call), [:node, line, column] (a node of the description,
      # whose first line is the call's), [:file, path, line, column], or
      # [:none] (the message says where).
      def located(message, where, line)
        case where[0]
        when :call then evaluation_error(message, line, 1)
        when :node
          l, c = where[1], where[2]
          evaluation_error(message, line + l - 1, l == 1 ? CALL.length + c : c)
        when :file
          "Evaluation Error: #{message} (file: #{where[1]}, line: #{where[2]}, column: #{where[3]}) on node #{@node}"
        else # a manifest's own error, placed already
          "#{message} on node #{@node}"
        end
      end

      def evaluation_error(message, line, column)
        "Evaluation Error: #{message} (line: #{line}, column: #{column}) on node #{@node}"
      end

      # The compile's message when the manifest does not parse, else nil.
      def syntax_error(source)
        Parser.new.parse("#{HEAD}#{source}\n#{CALL}#{description_text}, $test)")
        nil
      rescue PuppetTypes::ParseError => e
        "Could not parse for environment #{ENVIRONMENT}: #{reference_syntax_message(e.message)} on node #{@node}"
      end

      def reference_syntax_message(message)
        TypeAlias.reference_syntax_message(message)
      end

      # [value, nil], or [nil, message] when evaluating the value's source
      # fails as it fails in the compile.
      def evaluate(text, variables)
        [Parser.new.evaluate("#{HEAD}#{text}\n$test", variables || {}), nil]
      rescue PuppetTypes::ParseError => e
        [nil, "Could not parse for environment #{ENVIRONMENT}: #{reference_syntax_message(e.message)} on node #{@node}"]
      rescue PuppetTypes::Error => e
        [nil, "Evaluation Error: #{e.message} on node #{@node}"]
      end

      # The description as the manifest has it (a given type's text may not
      # read back, `Stdlib::Port = Integer[0, 65535]`: it stands as `Any`).
      def description_text
        @given ? 'Any' : @name
      end

      def description_parses?
        return @description_parses unless @description_parses.nil?

        @description_parses = syntax_error('1').nil?
      end

      # [:type, Type], or [:error, message, where] (see #located) for the
      # first error evaluating the description meets.
      def resolution
        @resolution ||= resolve.freeze
      end

      def resolve
        root = Parser.new.parse(@name).root
        error = evaluation_of(root) if root
        return error if error

        [:type, @environment.parse_type(@name)]
      rescue PuppetTypes::Error => e
        [:error, "Error while evaluating a Function Call, #{e.message}", [:call]]
      end

      # The first error evaluating `node` meets, in the evaluator's order: a
      # name that resolves to nothing (or whose lookup fails in a manifest,
      # see Runtime3), an access whose parameters the type refuses.
      def evaluation_of(node)
        if node.kind == 'QualifiedReference'
          return runtime3.error_for(node.text) || unresolved(node)
        end

        node.children.each do |child|
          error = evaluation_of(child)
          return error if error
        end
        node.kind == 'AccessExpression' ? access_error(node) : nil
      end

      # A name of the description that resolves to nothing. The compile says
      # `Resource type not found` (it evaluates the name as a resource type
      # reference), which misleads when a type alias was meant; the gem gives
      # the reference's wording for an unresolved type instead (what
      # assert_type says of an alias whose body names an unknown type).
      def unresolved(node)
        return nil unless @environment.parse_type(node.text).name == 'TypeReference'

        [:error, "Error while evaluating a Function Call, assert_type(): references an unresolved type '#{node.text}'",
         [:call]]
      rescue PuppetTypes::Error
        nil
      end

      def access_error(node)
        @environment.parse_type(node.text)
        nil
      rescue PuppetTypes::Error => e
        [:error, "Error while evaluating a '[]' expression, #{e.message}", [:node, node.line, node.column]]
      end

      def runtime3
        @runtime3 ||= Runtime3.new(@environment)
      end
    end
  end
end
