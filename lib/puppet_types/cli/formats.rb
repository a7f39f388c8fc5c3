# frozen_string_literal: true

require 'json'

module PuppetTypes
  class CLI
    # The output formats of the commands that report diagnostics (one home,
    # generic over PuppetTypes::Diagnostic): `text`, `json`, `github`
    # (workflow commands that annotate a pull request) and `junit` (XML for
    # CI test reports). Extra fields a diagnostic has in `to_h` (`key` for
    # data findings) appear in `json`.
    module Formats
      NAMES = %w[text json github junit].freeze

      module_function

      # Write `diagnostics` to `out` in `format`; `tool` names the suite in junit.
      def write(format, diagnostics, out, tool: 'puppet-types')
        case format
        when 'text' then text(diagnostics, out)
        when 'json' then out.puts(JSON.pretty_generate(diagnostics.map { |d| json_object(d) }))
        when 'github' then diagnostics.each { |d| out.puts(github(d)) }
        when 'junit' then out.puts(junit(diagnostics, tool))
        else raise ArgumentError, "unknown format '#{format}' (#{NAMES.join(', ')})"
        end
      end

      # `path:line:column: severity: message [CODE]`, continuation lines indented.
      def text(diagnostics, out)
        diagnostics.each do |d|
          where = [d.path, d.line, d.column].compact.join(':')
          first, *rest = d.message.split("\n")
          head = where.empty? ? '' : "#{where}: "
          out.puts("#{head}#{d.severity} [#{d.code}]: #{first}")
          rest.each { |l| out.puts("    #{l.strip}") }
        end
        errors = diagnostics.count(&:error?)
        warnings = diagnostics.size - errors
        out.puts("#{plural(errors, 'error')}, #{plural(warnings, 'warning')}")
      end

      def plural(n, word)
        "#{n} #{word}#{n == 1 ? '' : 's'}"
      end

      def json_object(d)
        d.to_h.transform_keys(&:to_s).transform_values { |v| v.is_a?(Symbol) ? v.to_s : v }
      end

      def github_escape(s, property: false)
        s = s.to_s.gsub('%', '%25').gsub("\r", '%0D').gsub("\n", '%0A')
        property ? s.gsub(':', '%3A').gsub(',', '%2C') : s
      end

      def github(d)
        props = []
        props << "file=#{github_escape(d.path, property: true)}" if d.path
        props << "line=#{d.line}" if d.line
        props << "col=#{d.column}" if d.column
        props << "endLine=#{d.end_line}" if d.end_line
        props << "endColumn=#{d.end_column}" if d.end_column
        props << "title=#{github_escape(d.code, property: true)}"
        "::#{d.error? ? 'error' : 'warning'} #{props.join(',')}::#{github_escape(d.message)}"
      end

      def xml(s)
        s.to_s.gsub('&', '&amp;').gsub('<', '&lt;').gsub('>', '&gt;').gsub('"', '&quot;')
      end

      # One test suite; one test case per file, failing with its diagnostics.
      def junit(diagnostics, tool)
        by_file = diagnostics.group_by { |d| d.path || '(no file)' }
        failures = by_file.count { |_, ds| ds.any?(&:error?) }
        lines = ['<?xml version="1.0" encoding="UTF-8"?>',
                 %(<testsuites name="#{xml(tool)}" tests="#{by_file.size}" failures="#{failures}">),
                 %(  <testsuite name="#{xml(tool)}" tests="#{by_file.size}" failures="#{failures}">)]
        by_file.each do |file, ds|
          lines << %(    <testcase classname="#{xml(tool)}" name="#{xml(file)}">)
          ds.each do |d|
            tag = d.error? ? 'failure' : 'system-out'
            where = [d.line, d.column].compact.join(':')
            text = "#{file}#{where.empty? ? '' : ":#{where}"}: #{d.message}"
            lines << if tag == 'failure'
                       %(      <failure type="#{xml(d.code)}" message="#{xml(d.message.lines.first.to_s.strip)}">#{xml(text)}</failure>)
                     else
                       %(      <system-out>#{xml("#{d.severity} #{d.code}: #{text}")}</system-out>)
                     end
          end
          lines << '    </testcase>'
        end
        lines << '  </testsuite>'
        lines << '</testsuites>'
        lines.join("\n")
      end
    end
  end
end
