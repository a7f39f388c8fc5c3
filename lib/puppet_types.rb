# frozen_string_literal: true

# puppet_types: the Puppet language's type system, lexer, parser, evaluator
# and value formatter, implemented in Rust. See README.md for the API.

require_relative 'puppet_types/version'
require_relative 'puppet_types/errors'

begin
  require_relative "puppet_types/puppet_types.#{RbConfig::CONFIG['DLEXT']}"
rescue LoadError => e
  raise LoadError, "puppet_types: the native extension is not built (#{e.message}); " \
                   'run `rake compile` (or bin/setup) in the source tree'
end

require_relative 'puppet_types/type'
require_relative 'puppet_types/type_factory'
require_relative 'puppet_types/rich_values'
require_relative 'puppet_types/type_parser'
require_relative 'puppet_types/immutable'
require_relative 'puppet_types/alias_registry'
require_relative 'puppet_types/environment'
require_relative 'puppet_types/data_check'
require_relative 'puppet_types/strings'
require_relative 'puppet_types/parser'
require_relative 'puppet_types/evaluator'
require_relative 'puppet_types/type_calculator'
require_relative 'puppet_types/type_mismatch_describer'
require_relative 'puppet_types/formatter'
