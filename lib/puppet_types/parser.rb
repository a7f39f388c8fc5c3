# frozen_string_literal: true

module PuppetTypes
  # The Puppet language parser (defined by the extension): #parse, #parse_epp,
  # #parse_with_recovery, and the validation of whole files here.
  class Parser
    # The tree of `source` (a PuppetTypes::AST); `path` names the file in
    # errors. `validate: false` gives what the grammar accepts before the
    # validator runs (node inheritance, `+=`, ...), as the reference's
    # `Parser#parse_string` does.
    def parse(source, path = nil, validate: true)
      validate ? __parse(source, path) : parse_syntax(source, path)
    end

    # #parse of an EPP template.
    def parse_epp(source, path = nil, validate: true)
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
