# frozen_string_literal: true

# Loads the gem from this source tree (run `rake compile` first; bin/test does).
$LOAD_PATH.unshift(File.expand_path('../lib', __dir__))
require 'puppet_types'
require_relative 'support/reference'

RSpec.configure do |config|
  config.expect_with(:rspec) { |c| c.syntax = :expect }
  config.disable_monkey_patching!
  config.order = :defined
  # Specs tagged `reference: true` compare with Puppet itself; without it they are skipped.
  config.before(:each, reference: true) do
    skip "the reference (Debian package `puppet`) is not installed: #{Reference.load_error}" unless Reference.available?
  end
end
