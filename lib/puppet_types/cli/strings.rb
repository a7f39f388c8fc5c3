# frozen_string_literal: true

module PuppetTypes
  class CLI
    module Commands
      # `puppet-types strings --format json [--out FILE] [PATH...]`: what
      # `puppet strings generate --format json` prints for the Puppet-language
      # files of PATHs (default: manifests functions types plans of the current
      # directory). Exit status 1 when a file could not be read or parsed (it is
      # left out and reported on stderr).
      class Strings < Base
        NAME = 'strings'
        USAGE = 'strings --format json [--out FILE] [PATH...]'
        SUMMARY = 'Print the puppet-strings JSON of Puppet classes, defined types, aliases, functions and plans'

        def options(parser)
          @format = 'json'
          parser.on('--format FORMAT', 'Output format (json)') { |f| @format = f }
          parser.on('--out FILE', 'Write to FILE instead of standard output') { |f| @out_file = f }
        end

        def run(paths)
          raise UsageError, "unsupported format '#{@format}' (only json)" unless @format == 'json'

          paths = PuppetTypes::Strings::DEFAULT_PATHS.select { |d| File.directory?(d) } if paths.empty?
          json, diagnostics = PuppetTypes::Strings.generate(paths)
          diagnostics.each { |d| @err.puts("#{d.severity}: #{d}") }
          if @out_file
            File.write(@out_file, json)
          else
            @out.write(json)
          end
          diagnostics.any?(&:error?) ? FINDINGS : OK
        end
      end
      CLI.register(Strings)
    end
  end
end
