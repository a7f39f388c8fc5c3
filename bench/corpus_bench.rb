# frozen_string_literal: true

# Issue 4's workloads over the module corpus (Debian's puppetlabs modules):
# tokenizing with the token arrays materialised in Ruby, against Lexer2#fullscan,
# and parsing with validation, against EvaluatingParser#parse_string.
# CORPUS_STEP=n takes every n-th manifest (default 3, to keep the reference's
# run short); CORPUS_STEP=1 is the whole corpus.

require_relative '../spec/support/corpus'

def bench_corpus
  @bench_corpus ||= begin
    step = Integer(ENV.fetch('CORPUS_STEP', '3'))
    files = Corpus.sample(step)
    raise "no manifests under #{Corpus::DIR}" if files.empty?

    files.map { |f| [f, File.read(f)] }.select do |_, src|
      PuppetTypes::Parser.new.parse(src)
      true
    rescue PuppetTypes::Error
      false
    end
  end
end

Bench.workload 'corpus_tokenize', target: 15, description: 'Lexer.tokenize of module manifests' do |w|
  sources = bench_corpus.map(&:last)
  w.items = sources.size
  w.gem { sources.each { |s| PuppetTypes::Lexer.tokenize(s) } }
  w.reference do
    sources.each do |s|
      lexer = Puppet::Pops::Parser::Lexer2.new
      lexer.lex_string(s, nil)
      lexer.fullscan
    end
  end
end

Bench.workload 'corpus_parse', target: 30, description: 'Parser#parse (with validation) of module manifests' do |w|
  files = bench_corpus
  parser = PuppetTypes::Parser.new
  w.items = files.size
  w.gem { files.each { |f, s| parser.parse(s, f) } }
  w.reference do
    ref = Puppet::Pops::Parser::EvaluatingParser.new
    files.each { |f, s| ref.parse_string(s, f) }
  end
end
