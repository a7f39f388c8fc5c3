# frozen_string_literal: true

module PuppetTypes
  # Base class of every error the gem raises.
  class Error < StandardError; end

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

  # An illegal type or type parameter (`Integer[10, 1]`, `Enum[1]`).
  class TypeError < Error; end

  # Bad input to a constructor or function (an Integer wider than 64 bits, a
  # malformed version string, a String that is not UTF-8, ...).
  class ArgumentError < Error; end

  # A format string that is malformed or does not apply to the value.
  class FormatError < Error; end

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
