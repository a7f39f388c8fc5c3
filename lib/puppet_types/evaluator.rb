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

    attr_reader :environment, :hiera_config, :facts

    # `environment`: a PuppetTypes::Environment whose modules' functions, type
    # aliases, data (hiera.yaml and data/ of a module, for keys `<module>::...`),
    # files and templates programs can use (nil: only the program's own).
    # `hiera_config`: the path of a hiera.yaml (version 5) read before the
    # modules' data, as Puppet reads its `--hiera_config`. `facts`: a Hash of
    # the node's facts, the variable `$facts` and a top-scope variable each
    # (for `%{facts.x}` in hiera data and `fqdn_rand`).
    def initialize(environment: nil, hiera_config: nil, facts: nil)
      unless environment.nil? || environment.is_a?(PuppetTypes::Environment)
        raise PuppetTypes::ArgumentError, "environment must be a PuppetTypes::Environment, got #{environment.class}"
      end
      unless hiera_config.nil? || hiera_config.is_a?(String)
        raise PuppetTypes::ArgumentError, "hiera_config must be a String, got #{hiera_config.class}"
      end
      raise PuppetTypes::ArgumentError, "facts must be a Hash, got #{facts.class}" unless facts.nil? || facts.is_a?(Hash)

      @environment = environment
      @hiera_config = hiera_config&.dup&.freeze
      @facts = facts&.dup&.freeze
      freeze
    end

    # Evaluate `source`; `variables` (names without `$`) are top-scope variables,
    # `path` names the source in messages.
    def evaluate(source, variables: {}, path: nil)
      variables = with_facts(variables) if @facts
      value, log = __evaluate(source, variables, path, @environment, @hiera_config)
      Result.new(value, log)
    end

    private

    # The facts as top-scope variables (those given win) and as `$facts`.
    def with_facts(variables)
      all = {}
      @facts.each { |k, v| all[k.to_s] = v }
      variables.each { |k, v| all[k.to_s] = v }
      all['facts'] = @facts.to_h { |k, v| [k.to_s, v] }
      all
    end
  end
end
