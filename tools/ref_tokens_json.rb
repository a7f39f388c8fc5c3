#!/usr/bin/env ruby
# Dumps the reference Lexer2 token stream as JSON lines: [kind, value, offset, length].
# Used to test the parser independently of the Rust lexer (examples/dump_pn.rs --tokens).
#
# Usage: ruby tools/ref_tokens_json.rb FILE            # prints the tokens of FILE
#        ruby tools/ref_tokens_json.rb --write FILE...  # writes FILE.tokens next to each FILE
require 'puppet'
require 'json'

def dump(src, epp)
  lexer = Puppet::Pops::Parser::Lexer2.new
  lexer.lex_string(src)
  toks = epp ? lexer.fullscan_epp : lexer.fullscan
  toks.map do |t|
    next if t[0] == false
    v = t[1]
    val = v[:value]
    val = val.source if val.is_a?(Regexp)
    val = '' if val.nil?
    off, len = v.offset, v.length
    loc = v.locator
    off, len = loc.to_global(off, len) if loc.is_a?(Puppet::Pops::Parser::Locator::SubLocator)
    JSON.generate([t[0].to_s, val.to_s, off, len])
  end.compact.join("\n") + "\n"
rescue StandardError => e
  "ERROR #{e.message}\n"
end

if ARGV[0] == '--write'
  ARGV[1..].each { |f| File.write(f + '.tokens', dump(File.read(f, encoding: 'UTF-8'), f.end_with?('.epp'))) }
else
  print dump(File.read(ARGV[0], encoding: 'UTF-8'), ARGV[0].end_with?('.epp'))
end
