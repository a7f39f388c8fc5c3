# frozen_string_literal: true

module PuppetTypes
  class AliasRegistry
    # A frozen registry refuses new definitions (`FrozenError`), as a frozen
    # Hash refuses new keys; its aliases still resolve.
    module FrozenCheck
      %i[add add_source load_module_path].each do |name|
        define_method(name) do |*args|
          raise FrozenError.new("can't modify frozen #{self.class}", receiver: self) if frozen?

          super(*args)
        end
      end
    end
    prepend FrozenCheck
  end
end
