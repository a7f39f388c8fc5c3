# frozen_string_literal: true

module PuppetTypes
  # The JSON `puppet strings generate --format json` prints for Puppet-language
  # files (classes, defined types, type aliases, functions, plans; the sections
  # that need Ruby code are present and empty).
  #
  #   json, diagnostics = PuppetTypes::Strings.generate(%w[manifests functions types plans])
  module Strings
    # The module directories documented when no path is given.
    DEFAULT_PATHS = %w[manifests functions types plans].freeze

    # `[json_text, diagnostics]` for `paths` (directories stand for their .pp
    # files); a file that cannot be read or parsed is a Diagnostic and is left out.
    def self.generate(paths = DEFAULT_PATHS.select { |d| File.directory?(d) })
      __generate(Array(paths).map { |p| p.respond_to?(:to_path) ? p.to_path : p.to_s })
    end
  end
end
