#!/usr/bin/env ruby
# frozen_string_literal: true
# Dumps the reference lexer's token stream (Puppet::Pops::Parser::Lexer2#fullscan,
# or #fullscan_epp with --epp) for each given file, one token per line:
#
#   KIND<TAB>offset<TAB>length<TAB>escaped-value
#
# or a final line `ERROR<TAB>line<TAB>column<TAB>message` when lexing fails.
# Values are escaped as by `esc` below (\\ \n \r \t and \xNN for other control
# characters); examples/dump_tokens.rs prints the same format.
#
# Usage: ruby tools/ref_tokens.rb [--epp] [--out DIR --root ROOT] FILE...
#   with --out, writes DIR/<path relative to ROOT>.tokens for each file,
#   otherwise prints to stdout with a `== FILE` header per file.
require 'puppet'
require 'fileutils'

def esc(s)
  s.gsub(/[\\\x00-\x1f\x7f]/) do |c|
    case c
    when '\\' then '\\\\'
    when "\n" then '\n'
    when "\r" then '\r'
    when "\t" then '\t'
    else format('\x%02X', c.ord)
    end
  end
end

def value_text(kind, v)
  case v
  when nil then ''
  when true, false then v.to_s
  when Regexp then v.source
  when Array then v.join
  else v.to_s
  end
end

def dump(src, epp)
  out = +''
  lexer = Puppet::Pops::Parser::Lexer2.new
  begin
    lexer.lex_string(src, nil)
    tokens = epp ? lexer.fullscan_epp : lexer.fullscan
    tokens.each do |kind, tv|
      next unless kind
      out << "#{kind}\t#{tv.offset}\t#{tv.length}\t#{esc(value_text(kind, tv[:value]))}\n"
    end
  rescue Puppet::ParseErrorWithIssue => e
    out << "ERROR\t#{e.line}\t#{e.pos}\t#{esc(e.basic_message)}\n"
  rescue StandardError => e
    # the reference itself fails (a bug in it, not a lexical error)
    out = +"CRASH\t\t\t#{esc(e.class.name)}: #{esc(e.message)}\n"
  end
  out
end

epp = ARGV.delete('--epp')
out_dir = nil
root = nil
if (i = ARGV.index('--out'))
  out_dir = ARGV[i + 1]
  ARGV.slice!(i, 2)
end
if (i = ARGV.index('--root'))
  root = ARGV[i + 1]
  ARGV.slice!(i, 2)
end
Puppet::Util::Log.level = :err
ARGV.each do |f|
  src = File.read(f, mode: 'rb', encoding: 'utf-8')
  text = dump(src, epp || f.end_with?('.epp'))
  if out_dir
    rel = root ? f.delete_prefix(root).delete_prefix('/') : File.basename(f)
    dest = File.join(out_dir, rel + '.tokens')
    FileUtils.mkdir_p(File.dirname(dest))
    File.write(dest, text)
  else
    puts "== #{f}"
    print text
  end
end
