#!/usr/bin/env ruby
# frozen_string_literal: true
# Writes mutated copies of Puppet sources for differential testing of the
# lexer against the reference (see tools/lexer_mutants.sh).
#
# Usage: ruby tools/lexer_mutate.rb OUTDIR COUNT SEED LISTFILE (one source path per line)
# Each mutant applies 1-3 random edits: delete a character, insert one of the
# lexically interesting characters, duplicate a slice, or cut the file short.
out, count, seed, list = ARGV
files = File.readlines(list, chomp: true)
rng = Random.new(Integer(seed))
chars = ["\"", "'", '$', '{', '}', '[', ']', '(', ')', '/', '\\', '@', '|', '-', '%', '<', '>',
         '=', "\n", '#', '*', ':', ' ', '0', 'x', 'E', '.', "\t", "\u00a0", 'é', '`', '~', '!', '?']
sources = files.map { |f| [f, File.read(f, mode: 'rb', encoding: 'utf-8')] }.select { |_, s| s.valid_encoding? && !s.empty? }
Dir.mkdir(out) unless Dir.exist?(out)
Integer(count).times do |n|
  path, src = sources[rng.rand(sources.size)]
  s = src.dup
  rng.rand(1..3).times do
    next if s.empty?
    i = rng.rand(s.length)
    case rng.rand(4)
    when 0 then s[i] = ''
    when 1 then s.insert(i, chars[rng.rand(chars.size)])
    when 2
      len = rng.rand(1..20)
      s.insert(rng.rand(s.length), s[i, len])
    else s = s[0, i]
    end
  end
  ext = path.end_with?('.epp') ? '.epp' : '.pp'
  File.write(File.join(out, format('%05d%s', n, ext)), s)
end
