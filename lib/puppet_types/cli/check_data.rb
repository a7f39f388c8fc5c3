# frozen_string_literal: true

require_relative 'formats'

module PuppetTypes
  class CLI
    module Commands
      # `puppet-types check-data`: hiera data checked against the types of the
      # class parameters it binds (PuppetTypes::DataCheck). With
      # `--hiera-config`, every data file of the hierarchy (interpolated path
      # segments match any file) and each module's own data; otherwise the
      # DATA_FILEs (default: ./hiera.yaml's hierarchy when it exists). The
      # module path defaults to `site` and `modules` of the current directory.
      # Exit status 1 when an error was found (warnings alone give 0).
      class CheckData < Base
        NAME = 'check-data'
        USAGE = 'check-data [--modulepath DIR[:DIR...]] [--hiera-config FILE] [--strict] ' \
                '[--format text|json|github|junit] [DATA_FILE...]'
        SUMMARY = 'Check hiera data against the types of the class parameters it binds'

        def options(parser)
          @format = 'text'
          @strict = false
          @module_data = nil
          parser.on('--modulepath PATH', 'Module directories, joined with ":" (default: site:modules)') do |p|
            (@modulepath ||= []).concat(p.split(File::PATH_SEPARATOR))
          end
          parser.on('--hiera-config FILE', 'The environment hiera.yaml: check every data file of its hierarchy') do |f|
            @hiera_config = f
          end
          parser.on('--[no-]module-data', "Check each module's own data too (default: with --hiera-config)") do |b|
            @module_data = b
          end
          parser.on('--strict', 'Also report keys that bind no class parameter') { @strict = true }
          parser.on('--format FORMAT', Formats::NAMES, "Output format (#{Formats::NAMES.join(', ')})") do |f|
            @format = f
          end
        end

        def run(files)
          hiera = @hiera_config
          hiera = 'hiera.yaml' if hiera.nil? && files.empty? && File.file?('hiera.yaml')
          raise UsageError, 'check-data needs DATA_FILEs or --hiera-config (no ./hiera.yaml here)' if hiera.nil? && files.empty?

          modulepath = @modulepath || %w[site modules].select { |d| File.directory?(d) }
          raise UsageError, 'check-data needs --modulepath (no ./site or ./modules here)' if modulepath.empty?

          env = PuppetTypes::Environment.new(modulepath: modulepath)
          check = PuppetTypes::DataCheck.new(env, strict: @strict)
          module_data = @module_data.nil? ? !hiera.nil? : @module_data
          found = check.__check_plan(hiera, module_data, files)
          Formats.write(@format, found, @out, tool: 'puppet-types check-data')
          found.any?(&:error?) ? FINDINGS : OK
        end
      end
      CLI.register(CheckData)
    end
  end
end
