# frozen_string_literal: true

module PuppetTypes
  # The rich value classes are defined by the extension (constructors, readers,
  # `<=>`); ordering operators come from Comparable.
  class SemVer
    include Comparable
  end

  # See SemVer.
  class Timespan
    include Comparable
  end

  # See SemVer.
  class Timestamp
    include Comparable
  end
end
