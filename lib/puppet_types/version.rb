# frozen_string_literal: true

module PuppetTypes
  # The gem's version (the same as the Rust crate's).
  VERSION = '0.1.0'
end
