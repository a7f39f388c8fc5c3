#!/usr/bin/env ruby
# Regenerates tests/fixtures/eval/expected.txt: evaluates every expression in
# tests/fixtures/eval/cases.txt with the reference (Puppet 7.23's EvaluatingParser)
# and writes one line per case: source, TAB, "ok" or "err", TAB, the value as
# String(v, '%p') prints it (or the error message, without position).
# In both files "\u23CE" stands for a newline. Run: ruby tools/ref_eval.rb
require 'puppet'
Puppet.initialize_settings(['--confdir', '/tmp/pc', '--vardir', '/tmp/pv'])
NL = "\u23CE"
dir = File.expand_path('../tests/fixtures/eval', __dir__)
cases = File.readlines(File.join(dir, 'cases.txt'), chomp: true).reject { |l| l.strip.empty? || l.start_with?('#') }
compiler = Puppet::Parser::Compiler.new(Puppet::Node.new('n'))
out = []
Puppet.override(loaders: compiler.loaders) do
  parser = Puppet::Pops::Parser::EvaluatingParser.new
  cases.each do |line|
    src = line.gsub(NL, "\n")
    begin
      v = parser.evaluate_string(Puppet::Parser::Scope.new(compiler), src)
      text = Puppet::Pops::Types::StringConverter.convert(v, '%p')
      out << [line, 'ok', text.gsub("\n", NL)].join("\t")
    rescue Exception => e
      msg = e.message.sub(/\AEvaluation Error: /, '').sub(/ \((?:file: [^,]*, )?line: \d+, column: \d+\)\z/, '')
      msg = msg.sub(/\ALanguage validation logged \d+ errors?\. .*\z/m, 'validation error')
      out << [line, 'err', msg.gsub("\n", NL)].join("\t")
    end
  end
end
File.write(File.join(dir, 'expected.txt'), out.join("\n") + "\n")
puts "#{out.size} cases"
