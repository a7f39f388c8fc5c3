# frozen_string_literal: true

require 'optparse'
require_relative '../puppet_types'

module PuppetTypes
  # The `puppet-types` command: `puppet-types COMMAND [options] [args]`.
  # Exit status: 0 when all went well, 1 when the command found problems, 2 for
  # a usage error or an internal error.
  #
  # A command is a class under PuppetTypes::CLI::Commands with `NAME`,
  # `SUMMARY`, `#options(parser)` (declares its options on an OptionParser)
  # and `#run(args)` (returns the exit status); registering it in COMMANDS
  # makes it available with `--help` and `COMMAND --help`.
  class CLI
    # Raised for bad arguments: the message is printed with the usage and the exit status is 2.
    class UsageError < StandardError; end

    OK = 0
    FINDINGS = 1
    FAILURE = 2

    # The commands, in the order `--help` lists them.
    COMMANDS = {}

    # Register a command class.
    def self.register(command)
      COMMANDS[command::NAME] = command
    end

    def self.run(argv = ARGV, out: $stdout, err: $stderr)
      new(out, err).run(argv.dup)
    end

    def initialize(out, err)
      @out = out
      @err = err
    end

    def run(argv)
      name = argv.shift
      case name
      when nil, '-h', '--help', 'help'
        @out.puts(help)
        return name.nil? ? FAILURE : OK
      when '-v', '--version', 'version'
        @out.puts("puppet-types #{PuppetTypes::VERSION}")
        return OK
      end
      command_class = COMMANDS[name]
      raise UsageError, "unknown command '#{name}'" unless command_class

      run_command(command_class.new(@out, @err), argv)
    rescue UsageError, OptionParser::ParseError => e
      @err.puts("puppet-types: #{e.message}")
      @err.puts("Run 'puppet-types --help' for usage.")
      FAILURE
    rescue Errno::EPIPE
      # The reader of the output went away (`puppet-types ... | head`): no
      # message; Ruby ends the process as SIGPIPE would, as other tools end.
      raise
    rescue PuppetTypes::Error, SystemCallError, IOError => e
      @err.puts("puppet-types: #{e.message}")
      FAILURE
    rescue StandardError => e
      @err.puts("puppet-types: internal error: #{e.class}: #{e.message.lines.first.to_s.chomp}")
      FAILURE
    end

    private

    def run_command(command, argv)
      parser = OptionParser.new do |o|
        o.banner = "Usage: puppet-types #{command.class::USAGE}"
        o.separator('')
        o.separator(command.class::SUMMARY)
        o.separator('')
        command.options(o)
        o.on('-h', '--help', 'Show this help') do
          @out.puts(o.help)
          return OK
        end
      end
      args = parser.parse(argv)
      command.run(args)
    end

    def help
      lines = ['Usage: puppet-types COMMAND [options] [args]', '', 'Commands:']
      width = COMMANDS.keys.map(&:size).max || 0
      COMMANDS.each_value { |c| lines << format("  %-#{width}s  %s", c::NAME, c::SUMMARY) }
      lines += ['', 'Options:', '  -h, --help     Show this help (COMMAND --help for a command)',
                '  -v, --version  Show the version', '',
                'Exit status: 0 when all went well, 1 when problems were found, 2 for a usage or internal error.']
      lines.join("\n")
    end

    # The commands.
    module Commands
      # The base of a command: where it writes.
      class Base
        def initialize(out, err)
          @out = out
          @err = err
        end

        # Declare options on `parser` (none by default).
        def options(parser); end
      end
    end
  end
end

require_relative 'cli/validate'
require_relative 'cli/check_data'
require_relative 'cli/dump'
require_relative 'cli/strings'
