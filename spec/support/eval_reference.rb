# frozen_string_literal: true

require_relative 'reference'

# Runs Puppet programs with the reference's evaluator in this process, and
# with the gem's PuppetTypes::Evaluator, giving comparable outcomes:
# `[:ok, value as String(v, '%p'), log]` or `[:error, message, line, column, log]`,
# where log is `[[level, message], ...]` of the levels the logging functions
# use. A program's `function` and `type` definitions are instantiated first,
# as `puppet apply` does, in a compiler of its own.
module EvalReference
  LEVELS = %i[debug info notice warning err alert emerg crit].freeze
  # Debug messages the reference logs about itself.
  NOISE = [/Could not find library/, /^Facter/, /^Loading facts/, /^Evicting cache/].freeze

  class << self
    def available?
      Reference.available?
    end

    # The reference's outcome of `source` as a block of a fixture of
    # tests/fixtures/eval/ (`== header`, then `ok value` or `err line column
    # message`, then `log level message` lines; "\u23CE" for a newline).
    def fixture_block(header, source)
      nl = "\u23CE"
      outcome = reference(source)
      lines = ["== #{header.gsub("\n", nl)}"]
      lines << if outcome[0] == :ok
                 "ok #{outcome[1].gsub("\n", nl)}"
               else
                 "err #{outcome[2] || '-'} #{outcome[3] || '-'} #{outcome[1].gsub("\n", nl)}"
               end
      outcome.last.each { |level, message| lines << "log #{level} #{message.gsub("\n", nl)}" }
      lines.join("\n")
    end

    # The reference's outcome of `source`.
    def reference(source)
      setup
      @logs.clear
      $unique_warnings&.clear # the reference warns once per process
      # definitions go to the environment's loaders: a program with them gets an environment of its own
      definitions = source.match?(/\b(function|type)\b/)
      compiler = definitions ? new_compiler(new_environment) : new_compiler(@environment)
      outcome = Puppet.override(loaders: compiler.loaders, current_environment: compiler.environment,
                                global_scope: compiler.topscope) do
        parser = Puppet::Pops::Parser::EvaluatingParser.new
        model = parser.parse_string(source, nil)
        compiler.loaders.instantiate_definitions(model, compiler.loaders.private_environment_loader) if definitions
        v = parser.evaluate(compiler.topscope, model)
        [:ok, reference_text(v)]
      rescue StandardError, ScriptError => e
        error_outcome(e)
      end
      outcome + [reference_log]
    end

    # The gem's outcome of `source`.
    def gem(source)
      r = PuppetTypes::Evaluator.new.evaluate(source)
      [:ok, gem_text(r.value), r.log.map { |l, m| [l, m] }]
    rescue PuppetTypes::EvaluationError => e
      [:error, strip_position(e.message), e.line, e.column, (e.log || []).map { |l, m| [l, m] }]
    rescue PuppetTypes::Error => e
      [:error, strip_position(e.message), e.respond_to?(:line) ? e.line : nil,
       e.respond_to?(:column) ? e.column : nil, []]
    end

    def strip_position(message)
      message.sub(/ \((?:file: [^,)]*(?:, )?)?(?:line: \d+(?:, column: \d+)?)?\)\z/, '')
    end

    # A value's text: String(v, '%p'), except time values, which the
    # reference's `%p` shows as Ruby objects: `Timespan(<nanoseconds>)`.
    def reference_text(v)
      case v
      when Puppet::Pops::Time::Timespan then "Timespan(#{v.nsecs})"
      when Puppet::Pops::Time::Timestamp then "Timestamp(#{v.nsecs})"
      when Array then "[#{v.map { |x| reference_text(x) }.join(', ')}]"
      when Hash then "{#{v.map { |k, x| "#{reference_text(k)} => #{reference_text(x)}" }.join(', ')}}"
      else Puppet::Pops::Types::StringConverter.convert(v, '%p')
      end
    end

    def gem_text(v)
      case v
      when PuppetTypes::Timespan then "Timespan(#{v.nanoseconds})"
      when PuppetTypes::Timestamp then "Timestamp(#{v.nanoseconds})"
      when Array then "[#{v.map { |x| gem_text(x) }.join(', ')}]"
      when Hash then "{#{v.map { |k, x| "#{gem_text(k)} => #{gem_text(x)}" }.join(', ')}}"
      else PuppetTypes::Formatter.string(v, '%p')
      end
    end

    private

    def error_outcome(e)
      message = e.message.sub(/\A(?:Evaluation Error|Internal Error): /, '')
      line = message[/\(file: [^,]*, line: (\d+)|\(line: (\d+)/] && (Regexp.last_match(1) || Regexp.last_match(2)).to_i
      column = message[/column: (\d+)\)\z/] && Regexp.last_match(1).to_i
      [:error, strip_position(message), line, column]
    end

    def reference_log
      @logs.filter_map do |l|
        next unless LEVELS.include?(l.level)
        next if NOISE.any? { |n| l.message.to_s.match?(n) }

        [l.level, l.message.to_s]
      end
    end

    def new_environment
      @count += 1
      Puppet::Node::Environment.create(:"puppet_types_eval_#{@count}", [])
    end

    def new_compiler(env)
      Puppet::Parser::Compiler.new(Puppet::Node.new('puppet_types', environment: env))
    end

    def setup
      return if @compiler

      Reference.available? or raise 'puppet is not installed'
      Reference.with_loaders { nil } # settings initialized once
      @count = 0
      @logs = []
      require 'puppet/test/test_helper'
      Puppet::Util::Log.newdestination(Puppet::Test::LogCollector.new(@logs))
      Puppet::Util::Log.level = :debug
      @environment = new_environment
      @compiler = true
    end
  end
end
