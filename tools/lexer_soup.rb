#!/usr/bin/env ruby
# frozen_string_literal: true
# Writes random "token soup" sources (random sequences of lexically
# interesting fragments) for differential testing of the lexer against the
# reference; see tools/lexer_mutants.sh (GEN=soup).
#
# Usage: ruby tools/lexer_soup.rb OUTDIR COUNT SEED [LISTFILE, ignored]
out, count, seed = ARGV
rng = Random.new(Integer(seed))
frags = [
  ' ', ' ', "\n", "\t", "\r\n", "\u00a0", "\u3000", 'é', '€',
  'foo', 'Foo', '::foo', '::Foo', 'foo::bar', 'Foo::Bar', 'foo-bar', '_x', 'if', 'true', 'in', 'class',
  '$x', '$::x', '$x::y', '$0', '$', '1', '0x1F', '017', '08', '1.5', '1e3', '1.', '0x',
  '"', "'", '"a"', "'b'", '"a$x b"', '"${x}"', '"${', '}', '{', '[', ']', '(', ')', '${', '$x[1]', '\\',
  '/', '/x/', '/a\\/b/', '/*', '*/', '# c', '|', '|>', '<|', '<<|', '|>>', '=', '==', '=>', '=~', '!~',
  '+', '-', '->', '~>', '<-', '<~', '*', '%', '<', '>', '<<', '>>', '?', ':', ',', ';', '.', '@', '@@',
  '@(E)', '@("E")', '@(E:json/t)', "\nE\n", "\n  | E\n", "\n-E", '<%', '<%=', '<%-', '%>', '-%>', '<%#', '<%%'
]
Dir.mkdir(out) unless Dir.exist?(out)
Integer(count).times do |n|
  s = +''
  rng.rand(1..40).times { s << frags[rng.rand(frags.size)] }
  ext = rng.rand(5).zero? ? '.epp' : '.pp'
  File.write(File.join(out, format('%05d%s', n, ext)), s)
end
