# frozen_string_literal: true

require 'rake'
require 'rake/tasklib'
require_relative 'cli'

module PuppetTypes
  # Rake tasks that run `puppet-types` commands, for a module's or a control
  # repository's Rakefile (as puppet-syntax's `rake syntax`):
  #
  #   require 'puppet_types/rake_task'
  #   PuppetTypes::RakeTask.new do |t|
  #     t.exclude_paths = ['spec/fixtures/**/*', 'vendor/**/*']
  #     t.modulepath = %w[site modules]   # enables the checks that need an environment
  #     t.fail_on_warnings = true
  #   end
  #
  # defines `puppet_types:validate` (every `.pp` and `.epp` file under
  # `paths`, default the current directory, except those matching
  # `exclude_paths`). A task fails when its command exits with a non-zero
  # status. The block given to `command` returns nil when there is nothing
  # to run.
  #
  # and `puppet_types:check_data` (hiera data: `hiera_config`, default
  # ./hiera.yaml; `data_files`; `strict`).
  #
  # Other commands add their task with RakeTask.command (and their settings
  # with RakeTask.setting), in the file that defines the command, in a
  # `rake_task` method of the command class (called when this file loads):
  #
  #   def CheckData.rake_task(rake)
  #     rake.setting(:hiera_config)
  #     rake.command(:check_data, 'Check hiera data') do |t|
  #       ['check-data', '--format', t.format, *(['--hiera-config', t.hiera_config] if t.hiera_config)]
  #     end
  #   end
  class RakeTask < ::Rake::TaskLib
    # The tasks every RakeTask defines: name => [description, block giving the CLI arguments].
    COMMANDS = {}

    # Declare a setting of the tasks (an accessor with a default).
    def self.setting(name, default = nil)
      defaults[name] = default
      attr_accessor name
    end

    def self.defaults
      @defaults ||= {}
    end

    # Declare a task `name`: the block gives the `puppet-types` arguments for a RakeTask's settings.
    def self.command(name, description, &arguments)
      COMMANDS[name.to_sym] = [description, arguments]
    end

    # Directories (or files) to validate.
    setting :paths, ['.']
    # Glob patterns (relative to the current directory) of files left out.
    setting :exclude_paths, %w[bundle/**/* pkg/**/* vendor/**/* spec/fixtures/**/*]
    # Module directories (an Array, or a String joined with ':').
    setting :modulepath
    # Warnings fail the task too.
    setting :fail_on_warnings, false
    # Output format: text, json, github or junit.
    setting :format, 'text'
    # Threads (default: one per core).
    setting :jobs

    command :validate, 'Validate Puppet manifests and EPP templates (syntax, validator, checks)' do |t|
      args = ['validate', '--format', t.format.to_s]
      args += ['--modulepath', t.modulepath_arg] if t.modulepath
      args += ['--jobs', t.jobs.to_s] if t.jobs
      args << '--fail-on-warnings' if t.fail_on_warnings
      files = t.files
      files.empty? ? nil : args + files
    end

    # The namespace of the tasks.
    attr_reader :task_namespace

    def initialize(namespace = :puppet_types)
      super()
      @task_namespace = namespace
      self.class.defaults.each { |k, v| send("#{k}=", v.dup) }
      yield self if block_given?
      define
    end

    # The module path as the `--modulepath` argument.
    def modulepath_arg
      Array(modulepath).join(File::PATH_SEPARATOR)
    end

    # The `.pp` and `.epp` files under `paths` not excluded by `exclude_paths`.
    def files
      excluded = Array(exclude_paths)
      Array(paths).flat_map { |p| File.directory?(p) ? Dir.glob(File.join(p, '**', '*.{pp,epp}')) : [p] }
                  .map { |f| f.delete_prefix('./') }
                  .reject { |f| excluded.any? { |g| File.fnmatch?(g, f, File::FNM_PATHNAME | File::FNM_EXTGLOB) } }
                  .sort.uniq
    end

    # The arguments of `puppet-types` for the task `name` (nil: nothing to do).
    def arguments(name)
      COMMANDS.fetch(name.to_sym)[1].call(self)
    end

    private

    def define
      namespace(@task_namespace) do
        COMMANDS.each do |name, (description, _)|
          desc(description)
          task(name) do
            args = arguments(name)
            next puts("puppet-types #{name}: no files") unless args

            status = PuppetTypes::CLI.run(args)
            abort("puppet-types #{args.first} failed (exit status #{status})") unless status.zero?
          end
        end
      end
    end
  end
end

# The tasks of the commands that have one.
PuppetTypes::CLI::COMMANDS.each_value { |c| c.rake_task(PuppetTypes::RakeTask) if c.respond_to?(:rake_task) }
