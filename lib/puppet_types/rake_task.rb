# frozen_string_literal: true

require 'rake'
require_relative 'cli'

module PuppetTypes
  # Rake tasks of the `puppet-types` commands, for a control repository's or
  # a module's Rakefile:
  #
  #   require 'puppet_types/rake_task'
  #   PuppetTypes::RakeTask.new do |t|
  #     t.modulepath = %w[site modules]
  #     t.hiera_config = 'hiera.yaml'
  #   end
  #
  # defines `puppet_types:check_data` (hiera data against class parameter
  # types). A task fails when its command finds errors.
  class RakeTask
    include Rake::DSL

    # Module directories (default: `site` and `modules` that exist).
    attr_accessor :modulepath
    # The environment hiera.yaml (default: ./hiera.yaml when it exists).
    attr_accessor :hiera_config
    # Data files to check besides the hierarchy's.
    attr_accessor :data_files
    # Report keys that bind no class parameter too.
    attr_accessor :strict
    # Output format: text, json, github or junit.
    attr_accessor :format

    def initialize(namespace = :puppet_types)
      @namespace = namespace
      @data_files = []
      @strict = false
      @format = 'text'
      yield self if block_given?
      define
    end

    # The arguments of `puppet-types check-data` for these settings.
    def check_data_args
      args = ['check-data', '--format', format.to_s]
      args += ['--modulepath', Array(modulepath).join(File::PATH_SEPARATOR)] if modulepath
      args += ['--hiera-config', hiera_config] if hiera_config
      args << '--strict' if strict
      args + Array(data_files)
    end

    private

    def define
      namespace @namespace do
        desc 'Check hiera data against the types of the class parameters it binds'
        task :check_data do
          status = PuppetTypes::CLI.run(check_data_args)
          abort("puppet-types check-data failed (exit status #{status})") unless status.zero?
        end
      end
    end
  end
end
