# frozen_string_literal: true

require_relative 'lib/puppet_types/version'

Gem::Specification.new do |spec|
  spec.name = 'puppet_types'
  spec.version = PuppetTypes::VERSION
  spec.summary = "The Puppet language's type system, lexer, parser, evaluator and formatter, in Rust"
  spec.description = 'A Ruby gem with a Rust core that implements the Puppet language type system ' \
                     '(TypeParser, TypeCalculator, TypeFactory), its lexer, parser, evaluator and ' \
                     'String formatter, giving the same answers as Puppet 7.'
  spec.authors = ['puppet_types authors']
  spec.license = 'Apache-2.0'
  spec.homepage = 'https://example.invalid/puppet_types'
  spec.required_ruby_version = '>= 3.1'

  # What the extension build needs: the crate sources (with the bench targets
  # Cargo.toml declares) and the Ruby side. The compiled library is never
  # shipped; `gem install` builds it with cargo.
  patterns = %w[
    Cargo.toml Cargo.lock build.rs README.md
    src/**/* benches/**/*.rs lib/**/*.rb ext/**/extconf.rb
  ]
  spec.files = Dir.chdir(__dir__) do
    patterns.flat_map { |p| Dir.glob(p) }.select { |f| File.file?(f) }.uniq.sort
  end
  spec.files += ['exe/puppet-types']
  spec.bindir = 'exe'
  spec.executables = ['puppet-types']
  spec.extensions = ['ext/puppet_types/extconf.rb']
  spec.require_paths = ['lib']
end
