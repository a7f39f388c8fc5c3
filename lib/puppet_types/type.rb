# frozen_string_literal: true

module PuppetTypes
  # One entry of a Struct type, as returned by `Type#elements`: the key name,
  # the key type as written (`String`, `Optional[...]`, `NotUndef[...]`) and
  # the value type.
  StructElement = Struct.new(:name, :key_type, :value_type) do
    def to_s
      "#{key_type} => #{value_type}"
    end
  end
end

module PuppetTypes
  # Methods of the reference's type classes that tools call, on the gem's
  # types (the readers `from`, `to`, `name_or_pattern`, `type`, `size_type`
  # ... come from the extension).
  class Type
    # Integer and Float ranges: true when the two ranges share a value.
    def intersect?(other)
      return false unless range_kind?(other)

      lo = [from, other.from].compact.max
      hi = [to, other.to].compact.min
      lo.nil? || hi.nil? || lo <= hi
    end

    # Integer ranges: true when `other` begins just after this one ends, or
    # ends just before it begins.
    def adjacent?(other)
      return false unless name == 'Integer' && other.is_a?(Type) && other.name == 'Integer'

      (!to.nil? && !other.from.nil? && to + 1 == other.from) ||
        (!other.to.nil? && !from.nil? && other.to + 1 == from)
    end

    # Integer and Float ranges: the range covering both, when they intersect
    # (or, for Integers, are adjacent); nil otherwise.
    def merge(other)
      return nil unless intersect?(other) || adjacent?(other)

      lo = from.nil? || other.from.nil? ? nil : [from, other.from].min
      hi = to.nil? || other.to.nil? ? nil : [to, other.to].max
      name == 'Integer' ? TypeFactory.range(lo, hi) : TypeFactory.float_range(lo, hi)
    end

    # Collection types (Array, Hash, Tuple, Collection): [min, max] of their
    # size, max being Float::INFINITY when unbounded.
    def size_range
      return nil unless %w[Array Hash Tuple Collection].include?(name)

      size = size_type
      if size.nil?
        n = name == 'Tuple' ? types.size : nil
        return n ? [n, n] : [0, Float::INFINITY]
      end
      [size.from || 0, size.to || Float::INFINITY]
    end

    # The class name of a `Runtime[ruby, 'Name']` (nil for a pattern or none).
    def runtime_type_name
      n = name_or_pattern
      n.is_a?(String) ? n : nil
    end

    # The type an Optional wraps (nil for a bare Optional).
    def optional_type
      type if name == 'Optional'
    end

    # True for `Hash[0, 0]`, the type of the empty Hash only.
    def is_the_empty_hash? # rubocop:disable Naming/PredicateName (the reference's name)
      name == 'Hash' && !size_type.nil? && size_type.to == 0
    end

    private

    def range_kind?(other)
      %w[Integer Float].include?(name) && other.is_a?(Type) && other.name == name
    end
  end
end
