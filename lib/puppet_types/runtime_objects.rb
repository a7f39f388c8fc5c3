# frozen_string_literal: true

module PuppetTypes
  # Diagnostics and plumbing for the extension (not public API).
  module Internal
    # Ruby objects seen as Runtime values, by object_id, held weakly, so that a
    # Runtime value can be turned back into its object (`Sensitive#unwrap`,
    # `Deferred#arguments`, ...). ObjectSpace._id2ref cannot do it once a
    # Ractor has been started; this map is used from the main Ractor only.
    RUNTIME_OBJECTS = ObjectSpace::WeakMap.new

    # Called by the extension when it converts `obj` to a Runtime value.
    def self.remember_runtime(obj)
      RUNTIME_OBJECTS[obj.object_id] = obj if Ractor.current == Ractor.main
      nil
    end

    # The object of a Runtime value, or nil when it no longer exists.
    def self.runtime_object(id)
      found = RUNTIME_OBJECTS[id] if Ractor.current == Ractor.main
      return found unless found.nil?

      begin
        ObjectSpace._id2ref(id)
      rescue RangeError
        nil
      end
    end
  end
end
