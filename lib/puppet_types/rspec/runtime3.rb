# frozen_string_literal: true

module PuppetTypes
  module RSpec
    # What a catalog compile does before it resolves a type name that is not
    # a built-in type: it looks for a resource type of that name, and so loads
    # the manifests Puppet's type loader tries for it (for `a::b::c`:
    # `a/manifests/b/c.pp`, `a/manifests/b.pp`, `a/manifests/init.pp`),
    # creating every class and defined type in them, whose parameter types it
    # evaluates then. A parameter type naming nothing fails the compile there,
    # whatever the alias: `Resource type not found: Stdlib::Ip_address (file:
    # .../quagga/manifests/init.pp, line: 11, column: 12)` for any alias of a
    # module whose init.pp has such a parameter; so does a syntax error or a
    # validation error in such a manifest. #error_for gives that error.
    class Runtime3
      # Codes of the errors that stop a manifest from parsing.
      PARSE_CODES = %i[SYNTAX_ERROR UNCLOSED_QUOTE UNCLOSED_MLCOMMENT ILLEGAL_NUMBER INVALID_HEX_NUMBER
                       INVALID_OCTAL_NUMBER INVALID_DECIMAL_NUMBER].freeze

      # The gem's own codes, and the ones about types: not validation errors.
      NOT_VALIDATION = %i[UNREADABLE_FILE INVALID_ENCODING INVALID_METADATA MISSING_MODULEPATH SYMLINK_LOOP
                          DEFINITION_NAME_MISMATCH DEFINITION_FILE_CONTENT UNRESOLVED_TYPE INVALID_TYPE_EXPRESSION
                          DUPLICATE_DEFINITION INVALID_TYPE].freeze

      def initialize(environment)
        @environment = environment
        @checked = {}
      end

      # nil, or [:error, message, where] (see TypeAlias#located) for the
      # first error the manifests looking up `name` loads meet.
      def error_for(name)
        key = name.delete_prefix('::').downcase
        return @checked[key] if @checked.key?(key)
        return nil if core_type?(name)

        @checked[key] = nil # a lookup under way finds nothing more
        @checked[key] = manifests(key).lazy.filter_map { |path, prefix| file_error(path, prefix) }.first
      end

      private

      def core_type?(name)
        name.casecmp?('resource') || TypeParser.parse(name).name != 'Resource'
      rescue PuppetTypes::Error
        true
      end

      # [path, name] of the manifests the type loader tries, most specific first.
      def manifests(key)
        segments = key.split('::')
        mod = module_path(segments.first)
        return [] unless mod

        segments.length.downto(1).filter_map do |n|
          rest = segments[1, n - 1]
          path = File.join(mod, 'manifests', rest.empty? ? 'init.pp' : "#{rest.join('/')}.pp")
          [path, segments.first(n).join('::')] if File.file?(path)
        end
      end

      def module_path(name)
        @modules ||= @environment.modules.each_with_object({}) { |m, h| h[m.name] ||= m.path }
        @modules[name]
      end

      # The error loading the manifest at `path` (loaded through the
      # definition it is the file of) meets: a syntax error, validation
      # errors, or the first parameter type that names nothing.
      def file_error(path, name)
        @environment.find_class(name) || @environment.find_defined_type(name)
        diagnostics = @environment.diagnostics.select { |d| d.path == path }
        diagnostics = diagnostics.sort_by { |d| [d.line.to_i, d.column.to_i] }
        parse_error(diagnostics) || validation_error(diagnostics, path) || parameter_type_error(diagnostics)
      end

      def parse_error(diagnostics)
        parse = diagnostics.find { |d| PARSE_CODES.include?(d.code) || d.code.to_s.start_with?('HEREDOC_') }
        parse && [:error, TypeAlias.reference_syntax_message(d_text(parse)), [:none]]
      end

      # One validation error is given as it is; several as their count.
      def validation_error(diagnostics, path)
        invalid = diagnostics.select do |d|
          d.severity == :error && !NOT_VALIDATION.include?(d.code) && !d.code.to_s.start_with?('HEREDOC_')
        end
        return nil if invalid.empty?
        return [:error, d_text(invalid.first), [:none]] if invalid.length == 1

        [:error, "Language validation logged #{invalid.length} errors. Giving up (file: #{path})", [:none]]
      end

      # A parameter type naming nothing, after the lookups of that name
      # itself (which may fail first, in its own manifests).
      def parameter_type_error(diagnostics)
        diagnostics.each do |d|
          next unless d.code == :UNRESOLVED_TYPE && d.message.start_with?('The type of parameter')

          missing = d.message[/unresolved type '([^']+)'/, 1] or next
          return error_for(missing) || [:error, "Resource type not found: #{missing}", [:file, d.path, d.line, d.column]]
        end
        nil
      end

      # A diagnostic as the compile gives it: message and place.
      def d_text(diagnostic)
        "#{diagnostic.message} (file: #{diagnostic.path}, line: #{diagnostic.line}, column: #{diagnostic.column})"
      end
    end
  end
end
