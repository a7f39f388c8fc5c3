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
