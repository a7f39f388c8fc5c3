# frozen_string_literal: true

module PuppetTypes
  # Base class of every error the gem raises. The errors the reference raises
  # as Ruby's ArgumentError (TypeError, ArgumentError, FormatError below)
  # derive from ::ArgumentError instead, ConversionError (Ruby's TypeError in
  # the reference) from ::TypeError, and all answer as PuppetTypes::Errors:
  # `rescue PuppetTypes::Error` (which asks `Error.===`) catches them,
  # `is_a?(PuppetTypes::Error)` and `PuppetTypes::ArgumentError < PuppetTypes::Error`
  # are true; only `ancestors` tells (see docs/divergences.md).
  class Error < StandardError
    def self.===(other)
      super || (equal?(Error) && RubyClassed === other)
    end

    def self.>(other)
      (equal?(Error) && other.is_a?(Class) && other.include?(RubyClassed)) || super
    end

    def self.>=(other)
      (equal?(Error) && other.is_a?(Class) && other.include?(RubyClassed)) || super
    end
  end

  # Included by the gem's errors whose class derives from one of Ruby's own:
  # instances are PuppetTypes::Errors to `is_a?` and `kind_of?`, the classes
  # to `<` and `<=`.
  module RubyClassed
    def is_a?(klass)
      klass.equal?(Error) || super
    end

    def kind_of?(klass)
      klass.equal?(Error) || super
    end

    # `<` and `<=` of the error classes.
    module ClassMethods
      def <(other)
        other.equal?(Error) || super
      end

      def <=(other)
        other.equal?(Error) || super
      end
    end

    def self.included(base)
      super
      base.extend(ClassMethods)
    end
  end

  # Source text that does not lex or parse. `line` and `column` are 1-based
  # and nil when the error has no position; `path` is the file name given to
  # the parser, if any.
  #
  # `diagnostic` is the error as a PuppetTypes::Diagnostic (code, span,
  # the reference's message) and `basic_message` the reference's message
  # without the position, so printers need not take the message apart.
  class ParseError < Error
    # `hint`: what the gem knows beyond the reference's message, which the
    # message keeps word for word (a syntax error's "expected an expression").
    attr_reader :path, :line, :column, :diagnostic, :hint

    def initialize(message = nil, path: nil, line: nil, column: nil)
      super(message)
      @path = path
      @line = line
      @column = column
    end

    # The message without the position suffix (the reference's text).
    def basic_message
      @basic_message || message
    end
  end

  # An illegal type or type parameter (`Integer[10, 1]`, `Enum[1]`). An
  # ::ArgumentError, as the reference raises for illegal parameters (where it
  # does not raise its Puppet::ParseError); never one of Ruby's TypeErrors.
  class TypeError < ::ArgumentError
    include RubyClassed
  end

  # Bad input to a constructor or function (an Integer wider than 64 bits, a
  # malformed version string, a String that is not UTF-8, ...). An ::ArgumentError.
  class ArgumentError < ::ArgumentError
    include RubyClassed
  end

  # A format string that is malformed or does not apply to the value. An
  # ::ArgumentError, as the reference's StringConverter::FormatError.
  class FormatError < ::ArgumentError
    include RubyClassed
  end

  # An argument of a Ruby class that a call cannot convert, where the
  # reference lets Ruby's own TypeError out with Ruby's message
  # (`TypeFactory.float_range(:sym, 1)`: "can't convert Symbol into Float",
  # `TypeFactory.regexp(1)`: "no implicit conversion of Integer into String").
  # A ::TypeError (not PuppetTypes::TypeError, an illegal type parameter),
  # answering as a PuppetTypes::Error.
  class ConversionError < ::TypeError
    include RubyClassed
  end

  # An error raised while evaluating an expression: `path` (the file of the
  # code that raised it, nil for a source given without a path), `line` and
  # `column` (1-based, nil when unknown), and `log`, what the program logged
  # before the error ([level, message] pairs, as Evaluator::Result#log).
  class EvaluationError < Error
    attr_reader :path, :line, :column, :log
  end

  # A bug in the gem (a Rust panic is reported as this, never as a crash).
  class InternalError < Error; end
end
