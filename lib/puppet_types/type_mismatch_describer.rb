# frozen_string_literal: true

module PuppetTypes
  # The reference's TypeMismatchDescriber calls, with its argument order and
  # wording, for tools written against Puppet::Pops::Types:
  #
  #   d = PuppetTypes::TypeMismatchDescriber.singleton
  #   d.describe_mismatch("parameter 'port'", expected_type, actual_type)
  #   PuppetTypes::TypeMismatchDescriber.describe_signatures('f', signatures, args_tuple)
  #
  # (`TypeCalculator.describe_mismatch(type, value, label)` describes a value.)
  class TypeMismatchDescriber
    # A function signature as `describe_signatures` reads it: `type` (a
    # Callable type: the parameter types and the block's), `parameter_names`
    # and `block_name`, as the reference's dispatchers and closures answer.
    Signature = Struct.new(:type, :parameter_names, :block_name) do
      def block_type
        type.block_type
      end
    end

    def self.singleton
      @singleton ||= new
    end

    def self.describe_signatures(closure, signatures, args_tuple)
      singleton.describe_signatures(closure, signatures, args_tuple)
    end

    # Why the type `actual` is not assignable to `expected`, prefixed by
    # `name` (`"parameter 'x' expects an Integer value, got String"`); ''
    # when it is. `tense` is accepted and ignored, as in the reference.
    def describe_mismatch(name, expected, actual, _tense = :ignored)
      self.class.__describe_types(name.to_s, expected, actual)
    end

    # Why a call with arguments of the type `args_tuple` (a Tuple whose last
    # type is the block's when it is callable) fits none of `signatures`
    # (objects answering `type`, `parameter_names`, `block_name` and
    # optionally `block_type`, or Callable types), named `closure` ('lambda'
    # for a block). nil when there are no signatures.
    def describe_signatures(closure, signatures, args_tuple, _tense = :ignored)
      return nil if signatures.empty?

      label = closure.to_s == 'lambda' ? 'block' : "'#{closure}'"
      self.class.__describe_signatures(label, signatures.map { |s| signature_parts(s) }, args_tuple)
    end

    private

    def signature_parts(sig)
      return [sig.param_types || sig, [], sig.block_type, nil] if sig.is_a?(Type)

      callable = sig.type
      block = sig.respond_to?(:block_type) ? sig.block_type : callable.block_type
      names = sig.respond_to?(:parameter_names) ? sig.parameter_names.map(&:to_s) : []
      block_name = sig.respond_to?(:block_name) ? sig.block_name&.to_s : nil
      [callable.param_types || callable, names, block, block_name]
    end
  end
end
