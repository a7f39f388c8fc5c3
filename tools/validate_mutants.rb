#!/usr/bin/env ruby
# frozen_string_literal: true

# Differential check of Parser#validate against the reference on broken
# files: corpus manifests with one realistic mistake each (a missing comma,
# brace, parenthesis, bracket, arrow, colon, `$` or quote; a doubled comma; a
# stray brace; a misspelt keyword; `=>` written `=`; a token deleted). Only
# mutants the reference rejects are kept. For each, the first diagnostic of
# the gem must be the reference's first error (line, column, message), and
# the run counts the mutants that got more diagnostics than that one error
# (each is printed with -v, to judge whether it is a real second error).
#
# Usage: ruby -Ilib tools/validate_mutants.rb [-v] [--write DIR] [--fixture FILE] [--only GLOB] [COUNT [SEED]]
#   COUNT mutants (default 500) of the files of /usr/share/puppet/modules.available
#   (those matching GLOB under it with --only, e.g. 'puppetlabs-*'), chosen with SEED
#   (default 1). --write DIR saves each mutant as DIR/NNNN_name.pp with DIR/NNNN_name.ref
#   holding the reference's first error; --fixture FILE writes one JSON line per mutant
#   (the corpus file, the edit, the reference's first error) for
#   tests/validate_mutants.rs, which makes the mutants again from the corpus.
require 'json'
require 'puppet_types'
require 'puppet'
require 'fileutils'

verbose = ARGV.delete('-v')
write_dir = (i = ARGV.index('--write')) ? ARGV.slice!(i, 2)[1] : nil
fixture = (i = ARGV.index('--fixture')) ? ARGV.slice!(i, 2)[1] : nil
only = (i = ARGV.index('--only')) ? ARGV.slice!(i, 2)[1] : '*'
count = Integer(ARGV[0] || 500)
seed = Integer(ARGV[1] || 1)
rng = Random.new(seed)

Puppet.initialize_settings(['--confdir', '/tmp/pt_mutants/conf', '--vardir', '/tmp/pt_mutants/var'])

# The reference's first error of a source: [line, column, message], or nil when it accepts it.
def reference_first(source, path)
  ep = Puppet::Pops::Parser::EvaluatingParser.new
  begin
    result = ep.parser.parse_string(source, path)
  rescue Puppet::ParseErrorWithIssue => e
    return [e.line, e.pos, e.basic_message]
  rescue Puppet::ParseError => e
    return [e.line, e.pos, e.message.sub(/ \((file: [^)]*|line: \d+, column: \d+)\)\z/, '')]
  end
  acceptor = ep.validate(result.model)
  d = acceptor.errors.first
  return nil unless d

  [d.source_pos&.line, d.source_pos&.pos, d.issue.format(d.arguments)]
end

KEYWORDS = %w[class define if else elsif unless case node].freeze

# One mutation of `src` (tokens from the gem's lexer, equal to the reference's), or nil.
def mutate(src, tokens, rng)
  kind = %i[missing_comma missing_closer missing_opener missing_arrow arrow_as_equals missing_colon
            missing_dollar missing_quote doubled_comma stray_brace misspelt_keyword deleted_token].sample(random: rng)
  pick = lambda do |*kinds|
    cands = tokens.select { |t| kinds.include?(t[0]) }
    cands.empty? ? nil : cands.sample(random: rng)
  end
  byte = ->(t) { [t[2], t[3]] }
  edit = lambda do |off, len, text|
    b = src.b
    [(b[0...off] + text.b + b[(off + len)..]).force_encoding('UTF-8'), [off, len, text]]
  end
  case kind
  when :missing_comma then (t = pick.call(:COMMA)) && edit.call(*byte.call(t), '')
  when :missing_closer then (t = pick.call(:RBRACE, :RPAREN, :RBRACK)) && edit.call(*byte.call(t), '')
  when :missing_opener then (t = pick.call(:LBRACE, :LPAREN, :WSLPAREN, :LBRACK, :LISTSTART)) && edit.call(*byte.call(t), '')
  when :missing_arrow then (t = pick.call(:FARROW)) && edit.call(*byte.call(t), '')
  when :arrow_as_equals then (t = pick.call(:FARROW)) && edit.call(*byte.call(t), '=')
  when :missing_colon then (t = pick.call(:COLON)) && edit.call(*byte.call(t), '')
  when :missing_dollar
    (t = pick.call(:VARIABLE)) && src.b[t[2]] == '$' && edit.call(t[2], 1, '')
  when :missing_quote
    (t = pick.call(:STRING)) && %w[' "].include?(src.b[t[2]]) && edit.call(t[2], 1, '')
  when :doubled_comma then (t = pick.call(:COMMA)) && edit.call(t[2], 0, ',')
  when :stray_brace
    t = tokens.sample(random: rng)
    t && edit.call(t[2] + t[3], 0, ' }')
  when :misspelt_keyword
    t = tokens.select { |x| x[0] == :NAME || KEYWORDS.include?(x[1].to_s) }
              .select { |x| KEYWORDS.include?(x[1].to_s) && src.b[x[2], x[3]] == x[1] }.sample(random: rng)
    t && edit.call(t[2] + 1, 1, '')
  when :deleted_token
    t = tokens.reject { |x| %i[STRING DQPRE DQMID DQPOST HEREDOC SUBLOCATE].include?(x[0]) }.sample(random: rng)
    t && edit.call(*byte.call(t), '')
  end.then { |m| m && [kind, *m] }
end

ROOT = '/usr/share/puppet/modules.available'
files = Dir.glob("#{ROOT}/#{only}/**/*.pp").sort
fixture_lines = []
parser = PuppetTypes::Parser.new
FileUtils.mkdir_p(write_dir) if write_dir
stats = Hash.new(0)
by_kind = Hash.new { |h, k| h[k] = [0, 0] }
made = 0
attempts = 0
while made < count && attempts < count * 20
  attempts += 1
  file = files.sample(random: rng)
  src = File.read(file, encoding: 'UTF-8')
  tokens = begin
    PuppetTypes::Lexer.tokenize(src)
  rescue PuppetTypes::Error
    next
  end
  kind, mutant, the_edit = mutate(src, tokens, rng)
  next unless mutant&.valid_encoding?

  path = "/m/#{File.basename(file)}"
  ref = reference_first(mutant, path)
  next unless ref

  made += 1
  mine = parser.validate(mutant, path: path)
  first = mine.find(&:error?)
  got = first && [first.line, first.column, first.message]
  ok = got == ref && mine.first.equal?(first)
  stats[:agree] += 1 if ok
  by_kind[kind][0] += 1
  by_kind[kind][1] += 1 if ok
  errors = mine.count(&:error?)
  stats[:extra] += 1 if errors > 1
  dups = mine.group_by { |d| [d.line, d.column, d.message] }.count { |_, v| v.size > 1 }
  stats[:repeats] += 1 if dups.positive?
  if !ok || (verbose && errors > 1)
    puts "== #{made} #{kind} #{file}"
    puts "  ref:  #{ref.inspect}"
    mine.first(4).each { |d| puts "  mine: #{[d.line, d.column, d.message].inspect} #{d.severity}" }
  end
  if fixture
    off, len, text = the_edit
    fixture_lines << JSON.generate({ 'file' => file.delete_prefix("#{ROOT}/"), 'size' => src.bytesize,
                                     'kind' => kind, 'offset' => off, 'delete' => len, 'insert' => text,
                                     'line' => ref[0], 'column' => ref[1], 'message' => ref[2] })
  end
  if write_dir
    name = format('%04d_%s', made, File.basename(file))
    File.write(File.join(write_dir, name), mutant)
    File.write(File.join(write_dir, name.sub(/\.pp\z/, ".ref")), "#{ref[0]}:#{ref[1]}: #{ref[2]}\n# #{kind} #{file}\n")
  end
end
File.write(fixture, fixture_lines.join("\n") + "\n") if fixture
puts "mutants: #{made}, first diagnostic agrees: #{stats[:agree]}, " \
     "with more than one error: #{stats[:extra]}, with a repeated diagnostic: #{stats[:repeats]}"
by_kind.sort.each { |k, (n, a)| puts format('  %-18s %4d/%-4d', k, a, n) }
