# frozen_string_literal: true

module PuppetTypes
  # The gem's value objects (types, rich values, syntax trees) are frozen and
  # never change, so a copy would be the object itself: `dup` and `clone`
  # answer `self`, as Ruby's own immutable values (Integer, Symbol) do, which
  # lets code that deep-copies data (`Marshal`-free `deep_dup`s, rspec
  # matchers) handle them.
  module Immutable
    # This object.
    def dup
      self
    end

    # This object; `freeze: false` raises ArgumentError, as for an Integer.
    def clone(freeze: nil)
      raise ::ArgumentError, "can't unfreeze #{self.class}" if freeze == false

      self
    end
  end

  [Type, SemVer, SemVerRange, Timespan, Timestamp, Binary, URI, Sensitive, Deferred, AST, AST::Node].each do |k|
    k.include(Immutable)
  end
end
