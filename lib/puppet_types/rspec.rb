# frozen_string_literal: true

# RSpec support: type alias specs answered without Puppet and without a catalog
# compile, compatible with rspec-puppet's, and matchers for data and types.
#
#   # spec/spec_helper.rb
#   require 'puppet_types/rspec'
#   PuppetTypes::RSpec.modulepath = ['spec/fixtures/modules']   # optional
#
#   # spec/type_aliases/port_spec.rb
#   describe 'Stdlib::Port' do
#     it { is_expected.to allow_value(80) }
#     it { is_expected.not_to allow_values(-1, 65_536, '80') }
#   end
#
#   # anywhere
#   expect(80).to match_puppet_type('Stdlib::Port')
#   expect('Integer[1, 2]').to be_assignable_to('Stdlib::Port')
#   expect('servers' => ['a']).to have_valid_parameters('ntp')
#
# Nothing here loads puppet.

require 'json'
require 'tmpdir'
require 'fileutils'
require 'rspec/core'
require 'rspec/expectations'
require_relative '../puppet_types'
require_relative 'rspec/value_source'
require_relative 'rspec/runtime3'
require_relative 'rspec/type_alias'
require_relative 'rspec/class_parameters'
require_relative 'rspec/matchers'

module PuppetTypes
  # Settings of the RSpec support, and the environment of the run.
  module RSpec
    # A spec file under this directory is a type alias spec (as in rspec-puppet).
    TYPE_ALIAS_PATH = %r{spec[\\/]type_aliases}

    class << self
      # The module path the run's environment is built from: by default
      # `spec/fixtures/modules` and the module under test (the current
      # directory, named by its metadata.json), as rspec-puppet and
      # puppetlabs_spec_helper arrange them.
      def modulepath
        @modulepath ||= default_modulepath
      end

      # Set the module path (directories that hold modules); the environment
      # is built afresh from it on next use.
      def modulepath=(dirs)
        @modulepath = dirs.nil? ? nil : Array(dirs).map { |d| File.expand_path(d.to_s) }
        @environment = nil
        @aliases = nil
      end

      # The run's PuppetTypes::Environment, built once from #modulepath.
      def environment
        @environment ||= PuppetTypes::Environment.new(modulepath: modulepath)
      end

      # Use this environment instead of one built from #modulepath.
      def environment=(env)
        @environment = env
        @aliases = nil
      end

      # When rspec-puppet is loaded too, the gem answers only the groups tagged
      # `puppet_types: true`; with `take_over = true` it answers every type
      # alias group (rspec-puppet keeps classes, defines, functions, ...).
      attr_writer :take_over

      def take_over?
        @take_over ? true : false
      end

      # How allow_value reads Ruby values: :source (default) as rspec-puppet
      # does (see ValueSource: nil is the String 'nil', :undef is undef), or
      # :data as the gem maps Ruby data everywhere else (nil is undef).
      def values_as
        @values_as || :source
      end

      def values_as=(mode)
        unless %i[source data].include?(mode)
          raise ArgumentError, "values_as must be :source or :data, got #{mode.inspect}"
        end

        @values_as = mode
        @aliases = nil
      end

      # The TypeAlias a description names, one per description in a run.
      def type_alias(description)
        (@aliases ||= {})[description.to_s] ||= TypeAlias.new(description, environment, values_as: values_as)
      end

      # The TypeAlias an allow_value matcher checks against, from the actual
      # of the expectation (a TypeAlias, a Type or a type String), else the
      # one the group's top-level description names.
      def type_alias_for(actual, description)
        case actual
        when TypeAlias then actual
        when String then type_alias(actual)
        when PuppetTypes::Type then TypeAlias.new(actual.to_s, environment, values_as: values_as, type: actual)
        else
          raise ArgumentError, 'allow_value needs a type alias: describe one, or expect a type' if description.nil?

          type_alias(description)
        end
      end

      # A Type from a matcher argument: a Type, a TypeAlias, or a type String
      # parsed in the run's environment.
      def type_of(arg)
        case arg
        when PuppetTypes::Type then arg
        when TypeAlias then arg.type
        when String then environment.parse_type(arg)
        else raise ArgumentError, "expected a PuppetTypes::Type or a type String, got #{arg.inspect}"
        end
      end

      # True when the group with this metadata is the gem's: a group tagged
      # `puppet_types: true`, or (unless tagged `puppet_types: false`) a type
      # alias group (`type: :type_alias`, or a file under spec/type_aliases
      # without a type), when rspec-puppet is not loaded or #take_over is set.
      def owns?(metadata)
        tag = metadata[:puppet_types]
        return tag ? true : false unless tag.nil?

        type_alias_group?(metadata) && (!rspec_puppet_loaded? || take_over?)
      end

      # rspec-puppet decides a group's kind the same way.
      def type_alias_group?(metadata)
        type = metadata[:type]
        return type.to_s == 'type_alias' unless type.nil?

        TYPE_ALIAS_PATH.match?(metadata[:file_path].to_s)
      end

      def rspec_puppet_loaded?
        defined?(::RSpec::Puppet::TypeAliasExampleGroup) ? true : false
      end

      private

      def default_modulepath
        root = Dir.pwd
        fixtures = File.join(root, 'spec', 'fixtures', 'modules')
        dirs = File.directory?(fixtures) ? [fixtures] : []
        name = module_name(root)
        dirs << module_link_dir(root, name) if name && !File.exist?(File.join(fixtures, name))
        dirs
      end

      # The name of the module in `root`, from its metadata.json
      # (`puppetlabs-stdlib` is `stdlib`), or nil.
      def module_name(root)
        meta = JSON.parse(File.read(File.join(root, 'metadata.json')))
        name = meta['name'].to_s.split(%r{[-/]}).last
        name && name.match?(/\A[a-z][a-z0-9_]*\z/) ? name : nil
      rescue SystemCallError, JSON::ParserError
        nil
      end

      # A scratch directory holding `name` -> `root`, so the module under test
      # is on the module path without writing into the module (rspec-puppet
      # links it into spec/fixtures/modules); removed when the run ends.
      def module_link_dir(root, name)
        dir = Dir.mktmpdir('puppet_types_rspec')
        File.symlink(root, File.join(dir, name))
        owner = Process.pid
        at_exit { FileUtils.remove_entry(dir) if Process.pid == owner }
        dir
      end
    end
  end
end

RSpec.configure do |config|
  # RSpec hands a filter only the metadata keys some filter names: all three
  # are named so #owns? sees them (every group has a file_path).
  owns = ->(_value, metadata) { PuppetTypes::RSpec.owns?(metadata) }
  owned = { file_path: owns, type: owns, puppet_types: owns }
  config.include PuppetTypes::RSpec::Matchers
  config.include PuppetTypes::RSpec::TypeAliasGroup, owned
  config.prepend PuppetTypes::RSpec::TypeAliasMatchers, owned
end
