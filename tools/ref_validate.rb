#!/usr/bin/env ruby
# frozen_string_literal: true

# The reference's diagnostics of files, as `puppet parser validate` finds them:
# the first error (the syntax error, else the validator's first) and the
# warnings (the lexer's, then the validator's), one per line:
#   error LINE:COLUMN: MESSAGE      (LINE:COLUMN is `-:-` when it gives none)
#   warning LINE:COLUMN: MESSAGE
#
# Usage: ruby tools/ref_validate.rb FILE...          prints them after `== FILE`
#        ruby tools/ref_validate.rb --fixtures DIR   writes DIR/x.ref next to each x.pp / x.epp
require 'puppet'

Puppet.initialize_settings(['--confdir', '/tmp/pt_ref_validate/conf', '--vardir', '/tmp/pt_ref_validate/var'])

def position(line, pos)
  line && pos ? "#{line}:#{pos}" : '-:-'
end

def reference_lines(path)
  source = File.read(path, encoding: 'UTF-8')
  epp = path.end_with?('.epp')
  # (the lexer's warnings are logged while it lexes)
  logs = []
  collector = Puppet::Test::LogCollector.new(logs)
  Puppet::Util::Log.newdestination(collector)
  lines = []
  begin
    ep = epp ? Puppet::Pops::Parser::EvaluatingParser::EvaluatingEppParser.new : Puppet::Pops::Parser::EvaluatingParser.new
    result = ep.parser.parse_string(source, path)
    acceptor = ep.validate(result.model)
    d = acceptor.errors.first
    lines << "error #{position(d.source_pos&.line, d.source_pos&.pos)}: #{d.issue.format(d.arguments)}" if d
    warnings = acceptor.warnings.map do |w|
      "warning #{position(w.source_pos&.line, w.source_pos&.pos)}: #{w.issue.format(w.arguments)}"
    end
  rescue Puppet::ParseErrorWithIssue => e
    lines << "error #{position(e.line, e.pos)}: #{e.basic_message}"
  rescue Puppet::ParseError => e
    lines << "error -:-: #{e.message}"
  ensure
    Puppet::Util::Log.close(collector)
  end
  lexed = logs.select { |m| m.level == :warning }.map do |m|
    "warning #{position(m.line, m.pos)}: #{m.message}"
  end
  lines + lexed + (warnings || [])
end

if ARGV[0] == '--fixtures'
  Dir.glob(File.join(ARGV[1], '*.{pp,epp}')).sort.each do |f|
    File.write(f.sub(/\.e?pp\z/, '.ref'), reference_lines(f).map { |l| "#{l}\n" }.join)
  end
else
  ARGV.each do |f|
    puts "== #{f}"
    puts reference_lines(f)
  end
end
