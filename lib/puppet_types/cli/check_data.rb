# frozen_string_literal: true

require_relative 'formats'

module PuppetTypes
  class CLI
    module Commands
      # `puppet-types check-data`: hiera data checked against the types of the
      # class parameters it binds (PuppetTypes::DataCheck, docs/check-data.md).
      # With `--hiera-config`, every data file of the hierarchy (interpolated
      # path segments match any file there) and each module's own data; then
      # the DATA_FILEs. Without either, `./hiera.yaml` when there is one. The
      # module path defaults to `site` and `modules` of the current directory.
      # Files are checked on all cores (`--jobs N`: on N threads). Exit status
      # 1 when an error was found (with `--fail-on-warnings`, a warning too).
      class CheckData < Base
        include Reporting

        NAME = 'check-data'
        USAGE = 'check-data [--modulepath DIR[:DIR...]] [--hiera-config FILE] [--strict] ' \
                '[--format text|json|github|junit] [--jobs N] [--fail-on-warnings] [DATA_FILE...]'
        SUMMARY = 'Check hiera data against the types of the class parameters it binds'

        def options(parser)
          @strict = false
          @module_data = nil
          parser.on('--modulepath DIRS', 'Module directories, joined with ":" (default: ./site and ./modules)') do |p|
            (@modulepath ||= []).concat(p.split(File::PATH_SEPARATOR))
          end
          parser.on('--hiera-config FILE', 'A hiera.yaml (version 5): check every data file of its hierarchy') do |f|
            @hiera_config = f
          end
          parser.on('--[no-]module-data', "Check each module's own data too (default: with a hiera.yaml)") do |b|
            @module_data = b
          end
          parser.on('--strict', 'Also report keys that bind no class parameter') { @strict = true }
          report_options(parser, 'Check files')
        end

        def run(data_files)
          hiera = @hiera_config
          hiera = 'hiera.yaml' if hiera.nil? && data_files.empty? && File.file?('hiera.yaml')
          if hiera.nil? && data_files.empty?
            raise UsageError, 'check-data needs DATA_FILEs or --hiera-config (there is no ./hiera.yaml)'
          end

          modulepath = @modulepath || %w[site modules].select { |d| File.directory?(d) }
          raise UsageError, 'check-data needs --modulepath (there is no ./site or ./modules)' if modulepath.empty?

          env = PuppetTypes::Environment.new(modulepath: modulepath)
          check = PuppetTypes::DataCheck.new(env, strict: @strict, jobs: @jobs)
          module_data = @module_data.nil? ? !hiera.nil? : @module_data
          files, diagnostics = check.__run_plan(hiera, module_data, data_files)
          report(diagnostics, files, 'puppet-types check-data')
        end
      end
      CLI.register(CheckData)

      # The rake task `puppet_types:check_data` (see PuppetTypes::RakeTask).
      def CheckData.rake_task(rake)
        # The environment's hiera.yaml (default: ./hiera.yaml when there is one).
        rake.setting :hiera_config
        # Data files checked one by one (besides the hierarchy's).
        rake.setting :data_files, []
        # Also report keys that bind no class parameter.
        rake.setting :strict, false
        rake.command :check_data, 'Check hiera data against the types of the class parameters it binds' do |t|
          args = ['check-data', '--format', t.format.to_s]
          args += ['--modulepath', t.modulepath_arg] if t.modulepath
          args += ['--hiera-config', t.hiera_config.to_s] if t.hiera_config
          args += ['--jobs', t.jobs.to_s] if t.jobs
          args << '--strict' if t.strict
          args << '--fail-on-warnings' if t.fail_on_warnings
          data = Array(t.data_files).map(&:to_s)
          t.hiera_config.nil? && data.empty? && !File.file?('hiera.yaml') ? nil : args + data
        end
      end
    end
  end
end
