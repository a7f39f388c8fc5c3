# frozen_string_literal: true

module PuppetTypes
  # `Formatter.string(value, format)` is defined by the extension; `format`
  # may be a String, a Format below (as may the values of a format map), or
  # a Hash of type => format.
  module Formatter
    # A parsed format specification, `%<flags><width>.<prec><letter>`, with the
    # readers of the reference's StringConverter::Format: `format` (the letter
    # as a Symbol), `alt`/`alt?` (`#`), `left` (`-`), `zero_pad` (`0`), `plus`
    # (:plus for `+`, :space for a space, else :ignore), `delimiters` (one of
    # `[ { ( < |`, nil), `width` and `prec` (nil when not given), `orig_fmt`;
    # and, for containers, `separator`, `separator2` and
    # `container_string_formats` (a Hash of type => format).
    class Format
      SPEC = /\A%(?<flags>[-+#0\s\[{(<|]*)(?<width>[1-9]\d*)?(?:\.(?<prec>\d+))?(?<letter>[a-zA-Z])\z/.freeze
      DELIMITER_PAIRS = {
        '[' => ['[', ']'], '{' => ['{', '}'], '(' => ['(', ')'], '<' => ['<', '>'], '|' => ['|', '|'],
        space: ['', '']
      }.freeze
      DEFAULT_DELIMITERS = ['[', ']'].freeze

      attr_reader :alt, :width, :prec, :format, :plus, :left, :zero_pad, :delimiters, :orig_fmt
      attr_accessor :separator, :separator2, :container_string_formats

      alias alt? alt

      def initialize(fmt)
        @orig_fmt = fmt
        m = fmt.is_a?(String) ? SPEC.match(fmt) : nil
        unless m
          raise PuppetTypes::ArgumentError,
                "The format '#{fmt}' is not a valid format on the form '%<flags><width>.<prec><format>'"
        end

        flags = m[:flags].chars
        raise PuppetTypes::ArgumentError, "The same flag can only be used once, got '#{fmt}'" if flags.uniq != flags

        delimiters = flags.select { |f| DELIMITER_PAIRS.key?(f) }
        if delimiters.size > 1
          raise PuppetTypes::ArgumentError,
                "Only one of the delimiters [ { ( < | can be given in the format flags, got '#{fmt}'"
        end

        @format = m[:letter].to_sym
        @left = flags.include?('-')
        @alt = flags.include?('#')
        @zero_pad = flags.include?('0')
        @plus = if flags.include?(' ') then :space
                elsif flags.include?('+') then :plus
                else :ignore
                end
        @delimiters = delimiters.first
        @width = m[:width]&.to_i
        @prec = m[:prec]&.to_i
      end

      # The left and right delimiters of a container: the flag's pair, none
      # for the space flag, else `default`.
      def delimiter_pair(default = DEFAULT_DELIMITERS)
        DELIMITER_PAIRS[@delimiters || @plus] || default
      end

      # A new Format of `other`'s specification, with `other`'s container
      # options where it has them and this one's elsewhere.
      def merge(other)
        result = Format.new(other.orig_fmt)
        result.separator = other.separator || separator
        result.separator2 = other.separator2 || separator2
        result.container_string_formats =
          if container_string_formats && other.container_string_formats
            container_string_formats.merge(other.container_string_formats)
          else
            other.container_string_formats || container_string_formats
          end
        result
      end

      # `higher` merged over `lower`, either of which may be nil.
      def self.merge(lower, higher)
        return lower || higher unless lower && higher

        lower.merge(higher)
      end

      # The reference's text: width, a dot, precision and the letter (its
      # flags are not shown).
      def to_s
        "%#{@width}.#{@prec}#{@format}"
      end
    end
  end
end
