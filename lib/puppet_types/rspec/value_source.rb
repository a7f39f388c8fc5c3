# frozen_string_literal: true

module PuppetTypes
  module RSpec
    # How a type alias spec's Ruby value reaches Puppet. rspec-puppet writes
    # each value as Puppet source (`$test = <source>`) and compiles it, so what
    # Puppet checks is what that source evaluates to: a Hash or an Array
    # element by element, `:default` and `:undef` as the keywords, any other
    # Symbol as its name, and anything else as its Ruby `inspect` text with `$`
    # escaped. That makes `nil` the bare word `nil` (the String 'nil'), an
    # Integer wider than 64 bits and `1e20` (`1.0e+20`) syntax errors,
    # `Float::INFINITY` the unknown resource type `Infinity`, `"a\eb"` the
    # four characters `a\eb`, and an object whose inspection starts with `#`
    # a comment (so `$test` is assigned the assert_type call's result).
    #
    # ValueSource gives the same result without a compile: values whose source
    # reads back as themselves (the common case) are taken as they are;
    # anything else is written out and evaluated by the gem's evaluator.
    module ValueSource
      # The largest magnitude an Integer literal may have (a negative literal
      # is the negation of a positive one, so -2**63 is out of range too).
      INTEGER_MAX = (2**63) - 1

      # The escapes Ruby's String#inspect writes that a Puppet double-quoted
      # string reads back as the same character.
      SAME_ESCAPES = ['"', '\\', 'n', 't', 'r'].freeze

      # The gem's own value classes, taken as they are.
      RICH = [PuppetTypes::Type, PuppetTypes::SemVer, PuppetTypes::SemVerRange, PuppetTypes::Timespan,
              PuppetTypes::Timestamp, PuppetTypes::Binary, PuppetTypes::URI, PuppetTypes::Sensitive,
              PuppetTypes::Deferred].freeze

      # How deep containers may nest (a value containing itself would recurse
      # for ever, as it does in rspec-puppet).
      MAX_DEPTH = 1000

      # Raised inside #direct when a value needs the evaluator.
      class NotDirect < StandardError; end
      private_constant :NotDirect

      module_function

      # The Puppet source rspec-puppet writes for `value`. The gem's own
      # values (which rspec-puppet does not know) are written as variables
      # `$__rich_<n>`, whose values are appended to `rich`.
      def source(value, rich = [], depth = 0)
        too_deep! if depth > MAX_DEPTH
        case value
        when Hash
          "{ #{value.map { |k, v| "#{source(k, rich, depth + 1)} => #{source(v, rich, depth + 1)}" }.join(', ')} }"
        when Array then "[ #{value.map { |v| source(v, rich, depth + 1) }.join(', ')} ]"
        when :default then 'default'
        when :undef then 'undef'
        when Symbol then source(value.to_s, rich, depth)
        when *RICH
          rich << value
          "$__rich_#{rich.size - 1}"
        else value.inspect.gsub('$', '\\$')
        end
      end

      # `[:value, v]` when `value` reads back as the Ruby data `v` (no
      # evaluation needed), else `[:source, text, variables]` with the source
      # to evaluate and the variables it refers to.
      def read(value)
        [:value, direct(value)]
      rescue NotDirect
        rich = []
        text = source(value, rich)
        [:source, text, rich.each_with_index.to_h { |v, i| ["__rich_#{i}", v] }]
      end

      # The value `value`'s source evaluates to, built directly; NotDirect
      # when that takes the evaluator.
      def direct(value, depth = 0)
        too_deep! if depth > MAX_DEPTH
        case value
        when String then plain_string?(value) ? value : raise(NotDirect)
        when Integer then value.abs <= INTEGER_MAX ? value : raise(NotDirect)
        when Float then value.finite? && !value.inspect.include?('e+') ? value : raise(NotDirect)
        when true, false then value
        when nil then 'nil'
        when :default then :default
        when :undef then nil
        when Symbol then direct(value.to_s, depth)
        when Array then value.map { |v| direct(v, depth + 1) }
        when Hash then direct_hash(value, depth + 1)
        when *RICH then value
        else raise NotDirect
        end
      end

      def direct_hash(hash, depth)
        out = {}
        hash.each { |k, v| out[direct(k, depth)] = direct(v, depth) }
        # keys that became equal (:a and 'a'): the literal decides which stays
        raise NotDirect if out.size != hash.size

        out
      end

      def too_deep!
        raise PuppetTypes::ArgumentError, "a value nested more than #{MAX_DEPTH} levels deep (or containing itself)"
      end

      # True when the double-quoted Puppet string of `s`'s inspect text reads
      # back as `s` (valid UTF-8, and only escapes both languages read alike).
      def plain_string?(str)
        return false unless str.valid_encoding? && (str.encoding == Encoding::UTF_8 || str.ascii_only?)

        text = str.inspect
        return true unless text.include?('\\')

        text.scan(/\\(.)/m).all? { |(c)| SAME_ESCAPES.include?(c) }
      end
    end
  end
end
