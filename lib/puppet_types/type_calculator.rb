# frozen_string_literal: true

module PuppetTypes
  # Calls of the reference's TypeCalculator that the extension's
  # (instance?, assignable?, infer, infer_set, generalize, common_type,
  # describe_mismatch, ...) are completed with.
  module TypeCalculator
    # The generalised type of a value (`Array[ScalarData]` for `[1, 'a']`).
    def self.infer_generic(value)
      generalize(infer(value))
    end

    # True when a call with arguments of the Tuple type `args` (its last
    # element being the block, when the callable takes one) fits the
    # Callable type `callable`; with a Callable `args`, when it fits.
    def self.callable?(callable, args)
      return false unless callable.is_a?(Type) && callable.name == 'Callable' && args.is_a?(Type)
      return assignable?(callable, args) if args.name == 'Callable'
      return false unless args.name == 'Tuple'

      arg_types = args.types
      block = callable.block_type
      given_block = nil
      given_block = arg_types.last if block && !arg_types.empty? && block_like?(arg_types.last)
      if given_block
        return false unless assignable?(block, given_block)

        args = TypeFactory.tuple(arg_types[0..-2])
      elsif block && !assignable?(block, TypeFactory.undef)
        return false
      end
      params = callable.param_types
      params.nil? || assignable?(params, args)
    end

    # The values of an iterable value as an Enumerator, as the reference's
    # `Iterable.on` gives them (nil when the value does not iterate): the
    # elements of an Array, the [key, value] pairs of a Hash, the characters
    # of a String, 0...n for an Integer n, the values of an Integer range or
    # Enum type.
    def self.iterable(value)
      case value
      when Array, Hash then value.each
      when String then value.each_char
      when Integer then value >= 0 ? value.times : nil
      when Type
        %w[Integer Enum].include?(value.name) ? value.each : nil
      end
    end

    def self.block_like?(type)
      type.name == 'Callable' || (type.name == 'Optional' && type.type&.name == 'Callable')
    end
    private_class_method :block_like?
  end
end
