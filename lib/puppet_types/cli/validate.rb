# frozen_string_literal: true

require_relative 'formats'

module PuppetTypes
  class CLI
    module Commands
      # `puppet-types validate [options] [PATH...]`: every syntax error,
      # validation error and warning of the Puppet manifests (`.pp`) and EPP
      # templates (`.epp`) PATHs name (directories are walked; default: the
      # current directory), found on all cores (`--jobs N`: on N threads).
      # Output is ordered by path and position; a file that cannot be used
      # (unreadable, binary, not UTF-8, too big) is one error and the run
      # goes on. With `--modulepath`, the files of the module path also get
      # the checks that need their environment (parameter defaults against
      # their types, type names that resolve to nothing, files not named
      # after what they define). Exit status 1 when an error was found (with
      # `--fail-on-warnings`, a warning too).
      class Validate < Base
        include Reporting

        NAME = 'validate'
        USAGE = 'validate [--modulepath DIR[:DIR...]] [--format text|json|github|junit] [--jobs N] ' \
                '[--fail-on-warnings] [PATH...]'
        SUMMARY = 'Report every syntax and validation problem of Puppet manifests and EPP templates'

        # How long a run goes before a terminal gets a progress line (seconds).
        PROGRESS_AFTER = 1.0

        def options(parser)
          parser.on('--modulepath DIRS', 'Module directories (joined with ":"): also check the files there ' \
                                         'against their environment') do |dirs|
            (@modulepath ||= []).concat(dirs.split(File::PATH_SEPARATOR))
          end
          report_options(parser, 'Validate')
        end

        def run(paths)
          paths = ['.'] if paths.empty?
          progress = PuppetTypes::Parser::Progress.new
          files, diagnostics = with_progress_line(progress) do
            PuppetTypes::Parser.new.__validate_paths(paths, @jobs, progress, @modulepath)
          end
          report(diagnostics, files, 'puppet-types validate')
        end

        private

        # Run the block; meanwhile, when standard error is a terminal and the
        # run lasts over PROGRESS_AFTER, show how many files are done there.
        def with_progress_line(progress)
          return yield unless @err.respond_to?(:tty?) && @err.tty?

          shown = false
          ticker = Thread.new do
            sleep(PROGRESS_AFTER)
            loop do
              @err.print("\rvalidating: #{progress.done}/#{progress.total} files")
              @err.flush
              shown = true
              sleep(0.1)
            end
          end
          begin
            yield
          ensure
            ticker.kill
            ticker.join
            @err.print("\r\e[K") if shown
          end
        end
      end
      CLI.register(Validate)
    end
  end
end
