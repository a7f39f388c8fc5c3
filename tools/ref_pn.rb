#!/usr/bin/env ruby
# Reference PN dumper: runs Puppet 7's parser (with validation) and prints the PN text
# of the result, or the error. Used to generate the snapshot fixtures under tests/fixtures.
#
# Usage:
#   ruby tools/ref_pn.rb [--data] [--epp] FILE...   # prints "== FILE" then PN (or ERROR: msg) per file
#   ruby tools/ref_pn.rb [--data] [--epp] -e SOURCE
#   ruby tools/ref_pn.rb --fixtures DIR             # writes DIR/x.pn and x.json (PN text in the --pretty
#                                                   # form, over several lines, and its to_data),
#                                                   # or DIR/x.err, next to every DIR/x.pp / x.epp
require 'puppet'
require 'json'
require 'puppet/pops/pn'

Puppet.initialize_settings unless Puppet.settings.global_defaults_initialized?

def ref_parse(src, epp)
  parser = Puppet::Pops::Parser::EvaluatingParser.new
  epp ? parser.parse_string_epp(src, 'x.pp') : parser.parse_string(src, 'x.pp')
end

def pn_of(src, epp, data, pretty: false)
  model = ref_parse(src, epp)
  pn = Puppet::Pops::Model::PNTransformer.transform(model)
  return JSON.generate(pn.to_data) if data

  pn.format(pretty ? Puppet::Pops::PN::Indent.new('  ') : nil, +'')
end

def err_text(e)
  line = e.respond_to?(:line) ? e.line : nil
  pos = e.respond_to?(:pos) ? e.pos : nil
  "ERROR: line=#{line.inspect} pos=#{pos.inspect} #{e.class}: #{e.message}"
end

# The error as a caret-marked snapshot: the message without the reference's location
# suffix, then `--> line:column`, the source line and a caret under the column
# (just `--> end of input` when the reference gives no position).
def caret_text(src, e)
  msg = e.message.sub(/ \(file: [^)]*\)\z/, '').sub(/ \(line: \d+, column: \d+\)\z/, '')
  line = e.respond_to?(:line) ? e.line : nil
  pos = e.respond_to?(:pos) ? e.pos : nil
  return "#{msg}\n --> end of input\n" if line.nil? || pos.nil?
  text = src.lines[line - 1].to_s.chomp
  "#{msg}\n --> #{line}:#{pos}\n  |\n  | #{text}\n  | #{' ' * (pos - 1)}^\n"
end

data = ARGV.delete('--data')
epp = ARGV.delete('--epp')
# EvaluatingParser#parse_string_epp does not exist in every version; fall back to the EPP parser.
unless Puppet::Pops::Parser::EvaluatingParser.method_defined?(:parse_string_epp)
  class Puppet::Pops::Parser::EvaluatingParser
    def parse_string_epp(s, file)
      Puppet::Pops::Parser::EvaluatingParser::EvaluatingEppParser.new.parse_string(s, file)
    end
  end
end

if ARGV[0] == '-e'
  begin
    puts pn_of(ARGV[1], epp, data)
  rescue StandardError => e
    puts err_text(e)
  end
elsif ARGV[0] == '--fixtures'
  dir = ARGV[1]
  Dir.glob(File.join(dir, '*.{pp,epp}')).sort.each do |f|
    is_epp = f.end_with?('.epp')
    base = f.sub(/\.e?pp\z/, '')
    src = File.read(f, encoding: 'UTF-8')
    File.delete(base + '.pn') if File.exist?(base + '.pn')
    File.delete(base + '.json') if File.exist?(base + '.json')
    File.delete(base + '.err') if File.exist?(base + '.err')
    begin
      File.write(base + '.pn', pn_of(src, is_epp, false, pretty: true) + "\n")
      File.write(base + '.json', pn_of(src, is_epp, true) + "\n")
    rescue StandardError => e
      File.write(base + '.err', caret_text(src, e))
    end
  end
else
  ARGV.each do |f|
    puts "== #{f}"
    begin
      puts pn_of(File.read(f, encoding: 'UTF-8'), epp || f.end_with?('.epp'), data)
    rescue StandardError => e
      puts err_text(e)
    end
  end
end
