# frozen_string_literal: true

require 'json'

module PuppetTypes
  class CLI
    module Commands
      # `puppet-types dump [--format old|pn|json] [--pretty] [--[no-]validate]
      # [-e SOURCE | FILE...]`: what `puppet parser dump` prints for the same
      # arguments, byte for byte: the deprecated `old` tree (the default),
      # PN, or PN as JSON; each FILE's dump after a `--- FILE` header (not in
      # json), none for `-e` or standard input. Like the reference, the tree
      # is validated only with `--validate`; a file that does not parse is
      # reported on standard error (`Error: --- FILE`, then the error) and
      # dumps nothing; missing files are listed at the end. Exit status 1
      # when a file did not parse or does not exist.
      class Dump < Base
        NAME = 'dump'
        USAGE = 'dump [--format old|pn|json] [--pretty] [--[no-]validate] [-e SOURCE | FILE...]'
        SUMMARY = 'Print the syntax tree of Puppet manifests as `puppet parser dump` does'
        FORMATS = %w[old pn json].freeze

        def options(parser)
          @format = 'old'
          @pretty = false
          @validate = false
          parser.on('-e', '--e SOURCE', 'Dump SOURCE instead of files') { |s| @source = s }
          parser.on('--format FORMAT', FORMATS, 'old (the default, deprecated), pn, or json') { |f| @format = f }
          parser.on('--pretty', 'Pretty print (pn and json)') { @pretty = true }
          parser.on('--[no-]validate', 'Run the validator too (default: only syntax errors)') { |v| @validate = v }
        end

        def run(files)
          @failed = false
          text = if @source
                   dump_one(@source, 'command-line-string', header: false)
                 elsif files.empty?
                   raise UsageError, 'no input to parse given on the command line or standard input' if $stdin.tty?

                   dump_one($stdin.read, 'stdin', header: false)
                 else
                   dump_files(files)
                 end
          @out.puts(text)
          @failed ? FINDINGS : OK
        end

        private

        def dump_files(files)
          present, missing = files.partition { |f| File.exist?(f) }
          text = present.map { |f| dump_one(File.read(f, encoding: 'utf-8'), f, header: true) }.join
          return text if missing.empty?

          @failed = true
          "#{text}One or more file(s) specified did not exist:\n#{missing.map { |f| "   #{f}" }.join("\n")}"
        end

        # The dump of one source (with its `--- name` header), or '' after
        # reporting why it did not parse.
        def dump_one(source, name, header:)
          ast = if @validate
                  PuppetTypes::Parser.new.parse(source, name)
                else
                  PuppetTypes::Parser.new.parse_syntax(source, name)
                end
          head = header ? "--- #{name}" : ''
          case @format
          when 'old' then "#{head}#{ast.__old_dump}\n"
          when 'pn' then "#{head}#{@pretty ? ast.__pn_pretty : ast.to_pn}"
          else @pretty ? JSON.pretty_generate(ast.to_pn_data) : JSON.generate(ast.to_pn_data)
          end
        rescue PuppetTypes::Error => e
          @failed = true
          @err.puts("Error: --- #{name}") if header
          @err.puts("Error: #{message(e, name)}")
          ''
        end

        # The reference's message: placed in the named source when validating
        # (or for a validation error), else by line and column only.
        def message(error, name)
          d = error.diagnostic if error.is_a?(PuppetTypes::ParseError)
          return error.message unless d
          return d.message unless d.line

          where = "line: #{d.line}, column: #{d.column}"
          where = "file: #{name}, #{where}" if @validate
          "#{d.message} (#{where})"
        end
      end
      CLI.register(Dump)
    end
  end
end
