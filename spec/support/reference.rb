# frozen_string_literal: true

# The reference implementation (Puppet 7, Debian package `puppet`), loaded in
# the same process when it is installed, with an environment whose modulepath
# holds Debian's puppetlabs modules, so type aliases and resource types resolve
# as they do in a compile.
module Reference
  MODULE_DIRS = %w[/usr/share/puppet/modules /usr/share/puppet/modules.available].freeze

  class << self
    attr_reader :load_error

    # True when `require 'puppet'` works.
    def available?
      return @available unless @available.nil?

      @available = begin
        require 'puppet'
        true
      rescue LoadError => e
        @load_error = e.message
        false
      end
    end

    # Run the block with Puppet's loaders in place.
    def with_loaders
      setup
      Puppet.override(loaders: @loaders, current_environment: @env) { yield @loaders }
    end

    # The reference's canonical text of a type string, or [:error, class name, message].
    def type_to_s(source)
      with_loaders do |loaders|
        Puppet::Pops::Types::TypeParser.singleton.parse(source, loaders.private_environment_loader).to_s
      end
    rescue StandardError, ScriptError => e
      [:error, e.class.name, e.message]
    end

    # The reference's TypeParser, for benchmarks.
    def type_parser
      Puppet::Pops::Types::TypeParser.singleton
    end

    private

    def setup
      return if @loaders

      dir = "/tmp/puppet_types_reference_#{Process.uid}"
      Puppet.initialize_settings(['--confdir', "#{dir}/conf", '--vardir', "#{dir}/var",
                                  '--codedir', "#{dir}/code", '--logdir', "#{dir}/log"])
      modulepath = MODULE_DIRS.select { |d| File.directory?(d) }
      @env = Puppet::Node::Environment.create(:puppet_types_reference, modulepath)
      @loaders = Puppet::Pops::Loaders.new(@env)
    end
  end
end
