# frozen_string_literal: true

module PuppetTypes
  # Evaluates Puppet programs without a catalog (see README.md):
  #
  #   result = PuppetTypes::Evaluator.new.evaluate("notice(Timespan(1) + Timespan(2)) 42")
  #   result.value  # => 42
  #   result.log    # => [[:notice, '0-00:00:03.0']]
  #
  # An error raises PuppetTypes::EvaluationError (with path, line, column and
  # the log up to the error); a syntax error raises PuppetTypes::ParseError.
  class Evaluator
    # What an evaluation gives: the last expression's value, and every message
    # the logging functions (notice, warning, ...) logged, as [level, message].
    Result = Struct.new(:value, :log) do
      def initialize(*)
        super
        freeze
      end
    end

    attr_reader :environment

    # `environment`: a PuppetTypes::Environment whose modules' functions and
    # type aliases programs can use (nil: only the program's own).
    def initialize(environment: nil)
      unless environment.nil? || environment.is_a?(PuppetTypes::Environment)
        raise PuppetTypes::ArgumentError, "environment must be a PuppetTypes::Environment, got #{environment.class}"
      end

      @environment = environment
      freeze
    end

    # Evaluate `source`; `variables` (names without `$`) are top-scope variables,
    # `path` names the source in messages.
    def evaluate(source, variables: {}, path: nil)
      value, log = __evaluate(source, variables, path, @environment)
      Result.new(value, log)
    end
  end
end
