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
    # in the description that resolves to nothing (`Resource type not found`),
    # a description that is not a type, or assert_type's mismatch
    # description (TypeCalculator.describe_mismatch).
    class TypeAlias
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
        kind, detail, offset = resolution
        case kind
        when :unresolved
          l, c = position(offset, line)
          evaluation_error("Resource type not found: #{detail}", l, c)
        when :invalid
          evaluation_error("Error while evaluating a Function Call, #{detail}", line, 1)
        else
          mismatch = TypeCalculator.describe_mismatch(detail, data, 'assert_type():')
          mismatch && evaluation_error("Error while evaluating a Function Call, #{mismatch}", line, 1)
        end
      rescue PuppetTypes::Error => e
        evaluation_error("Error while evaluating a Function Call, #{e.message}", line, 1)
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

      # The reference's syntax error text: the gem adds what it expected
      # (`Syntax error at ',' (expected an expression)`), which it does not.
      def reference_syntax_message(message)
        message.sub(/ \(expected .*?\)(?= \(line: \d+, column: \d+\)\z)/m, '')
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

      # [:type, Type], [:unresolved, name, byte offset in the description]
      # for the first name (in evaluation order) that resolves to nothing, or
      # [:invalid, message] when the description is not a type.
      def resolution
        @resolution ||= resolve.freeze
      end

      def resolve
        Lexer.tokenize(@name).each do |kind, text, offset, _length|
          return [:unresolved, text, offset] if kind == :CLASSREF && unresolved?(text)
        end
        [:type, @environment.parse_type(@name)]
      rescue PuppetTypes::Error => e
        [:invalid, e.message]
      end

      def unresolved?(name)
        @environment.parse_type(name).name == 'TypeReference'
      rescue PuppetTypes::Error
        false
      end

      # Line and column, in the manifest, of the byte `offset` of the
      # description, whose call starts on `line`.
      def position(offset, line)
        before = @name.byteslice(0, offset).force_encoding(@name.encoding)
        lines = before.split("\n", -1)
        return [line, CALL.length + before.length + 1] if lines.length <= 1

        [line + lines.length - 1, lines.last.length + 1]
      end
    end
  end
end
