# frozen_string_literal: true

module PuppetTypes
  # `source` converted to UTF-8 when it is a String in another encoding (what
  # `transcode: true` asks for); an ArgumentError naming the encoding when it
  # cannot be.
  def self.utf8_source(source)
    return source unless source.is_a?(String) && source.encoding != Encoding::UTF_8

    source.encode(Encoding::UTF_8)
  rescue EncodingError => e
    raise PuppetTypes::ArgumentError, "the source is #{source.encoding} text that cannot be converted to UTF-8 (#{e.message})"
  end

  # Lexer.tokenize and tokenize_epp (defined by the extension), with `transcode:`.
  module Lexer
    class << self
      alias_method :__tokenize, :tokenize
      alias_method :__tokenize_epp, :tokenize_epp

      # The tokens of `source`; `transcode: true` reads source in an encoding
      # that is not ASCII-compatible (see Parser#parse).
      def tokenize(source, transcode: false)
        __tokenize(transcode ? PuppetTypes.utf8_source(source) : source)
      end

      # #tokenize of an EPP template.
      def tokenize_epp(source, transcode: false)
        __tokenize_epp(transcode ? PuppetTypes.utf8_source(source) : source)
      end
    end
  end

  # The Puppet language parser (defined by the extension): #parse, #parse_epp,
  # #parse_with_recovery, and the validation of whole files here.
  class Parser
    # The tree of `source` (a PuppetTypes::AST); `path` names the file in
    # errors. `validate: false` gives what the grammar accepts before the
    # validator runs (node inheritance, `+=`, ...), as the reference's
    # `Parser#parse_string` does. Source in an encoding that is not
    # ASCII-compatible (UTF-16 without a byte order mark, ...) is an
    # ArgumentError, as the reference cannot read it; `transcode: true`
    # converts it to UTF-8 first.
    def parse(source, path = nil, validate: true, transcode: false)
      source = PuppetTypes.utf8_source(source) if transcode
      validate ? __parse(source, path) : parse_syntax(source, path)
    end

    # #parse of an EPP template.
    def parse_epp(source, path = nil, validate: true, transcode: false)
      source = PuppetTypes.utf8_source(source) if transcode
      validate ? __parse_epp(source, path) : __parse_epp_syntax(source, path)
    end

    # Every problem of `source`, as PuppetTypes::Diagnostic objects: the
    # syntax errors (the first is the one the reference reports; the others
    # are found by recovering from it), then the validator's errors, then the
    # warnings. `path` names the file in the diagnostics; `epp` (default: when
    # `path` ends with `.epp`) parses an EPP template.
    def validate(source, path: nil, epp: nil)
      path = path.to_path if path.respond_to?(:to_path)
      epp = path.to_s.end_with?('.epp') if epp.nil?
      __validate(source, path, epp ? true : false)
    end

    # Every problem of the file at `path` (one saying why when it cannot be
    # read: missing, unreadable, not a regular file, not UTF-8, too big).
    def validate_file(path)
      path = path.to_path if path.respond_to?(:to_path)
      __validate_file(path.to_s)
    end
  end
end
