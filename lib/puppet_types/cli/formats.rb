# frozen_string_literal: true

require 'json'

module PuppetTypes
  class CLI
    # The printers of the commands that report PuppetTypes::Diagnostic lists
    # (`validate`, `check-data`): one home for the output formats.
    #
    #   Formats.write(format, diagnostics, out, files: paths, tool: 'puppet-types validate')
    #
    # - `text`: `path:line:column: severity: message [CODE]`, as compilers
    #   print (the further lines of a message indented by four spaces).
    # - `json`: `{"diagnostics": [...], "files": N, "errors": N, "warnings": N}`;
    #   each diagnostic is its `to_h` (so extra fields, such as a data
    #   finding's `key`, appear too).
    # - `github`: workflow commands that annotate a pull request
    #   (`::error file=f,line=l,col=c,endLine=..,endColumn=..,title=CODE::message`).
    # - `junit`: the XML PDK writes: one testsuite, one testcase per file, a
    #   failing one holding a `failure` with the file's diagnostics.
    #
    # `files` lists every file looked at (a file without diagnostics is a
    # passing junit testcase; `json` counts them); by default, the paths the
    # diagnostics name. With `fail_on_warnings`, warnings fail a junit
    # testcase as errors do.
    module Formats
      NAMES = %w[text json github junit].freeze

      module_function

      # Write `diagnostics` in `format` to `out`.
      def write(format, diagnostics, out, files: nil, tool: 'puppet-types', fail_on_warnings: false)
        files ||= diagnostics.map(&:path).compact.uniq
        case format.to_s
        when 'text' then diagnostics.each { |d| out.write(text(d)) }
        when 'json' then out.puts(JSON.pretty_generate(json_document(diagnostics, files.size)))
        when 'github' then diagnostics.each { |d| out.puts(github(d)) }
        when 'junit' then out.write(junit(diagnostics, files, tool, fail_on_warnings))
        else raise ArgumentError, "unknown format '#{format}' (#{NAMES.join(', ')})"
        end
      end

      # After the findings of a text run, its summary on `err` (when there
      # are findings), with `out` flushed first: where both go to one pipe
      # or file, the summary comes after the findings.
      def write_summary(format, diagnostics, files, out, err)
        out.flush if out.respond_to?(:flush)
        err.puts(summary(diagnostics, files)) if format.to_s == 'text' && !diagnostics.empty?
      end

      # `N errors, N warnings in N files` (for a summary on standard error).
      def summary(diagnostics, files)
        errors = diagnostics.count(&:error?)
        "#{plural(errors, 'error')}, #{plural(diagnostics.size - errors, 'warning')} " \
          "in #{plural(files, 'file')}"
      end

      # The text form of one diagnostic, ending with a newline.
      def text(diagnostic)
        d = diagnostic
        where = [d.path, d.line, d.column].compact.join(':')
        first, *rest = d.message.split("\n")
        head = where.empty? ? '' : "#{where}: "
        lines = ["#{head}#{d.severity}: #{first} [#{d.code}]"]
        rest.each { |l| lines << "    #{l.strip}" }
        "#{lines.join("\n")}\n"
      end

      # The JSON document of a run. (Each diagnostic is its `to_h`: the
      # generator writes its symbol keys and values as strings.)
      def json_document(diagnostics, files)
        errors = diagnostics.count(&:error?)
        { 'diagnostics' => diagnostics.map(&:to_h), 'files' => files,
          'errors' => errors, 'warnings' => diagnostics.size - errors }
      end

      # The workflow command annotating one diagnostic.
      def github(diagnostic)
        d = diagnostic
        props = []
        props << "file=#{github_escape(d.path, property: true)}" if d.path
        { 'line' => d.line, 'col' => d.column, 'endLine' => d.end_line,
          'endColumn' => d.end_column }.each { |k, v| props << "#{k}=#{v}" if v }
        props << "title=#{github_escape(d.code, property: true)}"
        "::#{d.error? ? 'error' : 'warning'} #{props.join(',')}::#{github_escape(d.message)}"
      end

      # Escapes of a workflow command's data (and, with `property`, of a property value).
      def github_escape(value, property: false)
        s = value.to_s.gsub('%', '%25').gsub("\r", '%0D').gsub("\n", '%0A')
        property ? s.gsub(':', '%3A').gsub(',', '%2C') : s
      end

      # The junit XML of a run.
      def junit(diagnostics, files, tool, fail_on_warnings)
        by_file = diagnostics.group_by { |d| d.path.to_s }
        names = (files + by_file.keys).uniq
        failing = ->(ds) { ds.any? { |d| d.error? || fail_on_warnings } }
        failures = names.count { |f| failing.call(by_file.fetch(f, [])) }
        lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites>',
                 %(  <testsuite name="#{xml(tool)}" tests="#{names.size}" errors="0" ) +
                   %(failures="#{failures}" skipped="0" time="0">)]
        names.each { |f| lines.concat(junit_case(tool, f, by_file.fetch(f, []), failing)) }
        lines << '  </testsuite>' << '</testsuites>'
        "#{lines.join("\n")}\n"
      end

      # The lines of one file's testcase.
      def junit_case(tool, file, diagnostics, failing)
        open = %(    <testcase classname="#{xml(tool)}" name="#{xml(file, attribute: true)}" time="0")
        return ["#{open}/>"] if diagnostics.empty?

        body = xml(diagnostics.map { |d| text(d) }.join)
        inner = if failing.call(diagnostics)
                  first = diagnostics.find { |d| d.error? } || diagnostics.first
                  %(      <failure type="#{first.severity}" message="#{xml(first.message, attribute: true)}">#{body}</failure>)
                else
                  %(      <system-out>#{body}</system-out>)
                end
        ["#{open}>", inner, '    </testcase>']
      end

      # Text escaped for XML content (and, with `attribute`, an attribute
      # value); characters XML cannot hold become U+FFFD.
      def xml(value, attribute: false)
        s = value.to_s.scrub("\uFFFD").gsub(/[\x00-\x08\x0B\x0C\x0E-\x1F]/, "\uFFFD")
                 .gsub('&', '&amp;').gsub('<', '&lt;').gsub('>', '&gt;').gsub('"', '&quot;')
        attribute ? s.gsub("\n", '&#10;').gsub("\r", '&#13;').gsub("\t", '&#9;') : s
      end

      def plural(count, word)
        "#{count} #{word}#{count == 1 ? '' : 's'}"
      end
    end

    module Commands
      # What the commands that report Diagnostics share: the `--format`,
      # `--jobs` and `--fail-on-warnings` options, and writing the report
      # with its summary and exit status.
      module Reporting
        # Declare the options; `jobs_help` says what runs on N threads.
        def report_options(parser, jobs_help)
          @format = 'text'
          @jobs = nil
          @fail_on_warnings = false
          parser.on('--format FORMAT', Formats::NAMES, "Output format: #{Formats::NAMES.join(', ')} (default: text)") do |f|
            @format = f
          end
          parser.on('--jobs N', Integer, "#{jobs_help} on N threads (default: one per core)") do |n|
            raise UsageError, '--jobs must be at least 1' if n < 1

            @jobs = n
          end
          parser.on('--fail-on-warnings', 'Exit with status 1 for warnings too') { @fail_on_warnings = true }
        end

        # Write `diagnostics` of the `files` checked in the chosen format, the
        # summary after them; FINDINGS when an error (or, with
        # `--fail-on-warnings`, a warning) was found, else OK.
        def report(diagnostics, files, tool)
          Formats.write(@format, diagnostics, @out, files: files, tool: tool, fail_on_warnings: @fail_on_warnings)
          Formats.write_summary(@format, diagnostics, files.size, @out, @err)
          diagnostics.any? { |d| d.error? || @fail_on_warnings } ? FINDINGS : OK
        end
      end
    end
  end
end
