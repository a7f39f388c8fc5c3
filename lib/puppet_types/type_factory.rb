# frozen_string_literal: true

module PuppetTypes
  # The reference's TypeFactory helpers that need no Rust (the type-building
  # methods are defined by the extension).
  module TypeFactory
    module_function

    # The text of a type, or the Puppet text of a value (`'a'`, `[1, 2]`),
    # as the reference's `TypeFactory.label`.
    def label(value)
      value.is_a?(Type) ? value.to_s : Formatter.string(value, '%p')
    end

    # The type of a Ruby class's instances (`Integer` for Integer), or the
    # Runtime type of an object's class (`Runtime[ruby, 'Time']`).
    def ruby(object)
      object.is_a?(Class) ? type_of(object) : runtime('ruby', object.class.name)
    end

    # True for what `range` and `callable` take as a range end: an Integer,
    # `:default` or `'default'`.
    def is_range_parameter?(value) # rubocop:disable Naming/PredicateName
      value.is_a?(Integer) || value == 'default' || value == :default
    end

    # The reference clears its caches of types; the gem's types are shared
    # constants, so there is nothing to clear.
    def clear; end
  end
end
