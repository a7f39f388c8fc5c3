#!/usr/bin/env ruby
# frozen_string_literal: true

# Writes src/eval/functions/signatures.txt: the dispatch signatures of every
# function of the reference's core library (Puppet 7.23: lib/puppet/functions
# and the 3.x lib/puppet/parser/functions), one line per signature:
#
#   name TAB parameter tuple TAB parameter names (comma-separated) TAB block type TAB block name
#
# and one line per local type alias a signature names:  =Name TAB type
# The evaluator's function dispatch checks arguments against these and words
# its mismatch errors from them, as the reference does.
# Run from the repository root:  ruby tools/ref_function_signatures.rb
require 'puppet'

Puppet.initialize_settings(['--confdir', '/tmp/ref_sigs/conf', '--vardir', '/tmp/ref_sigs/var',
                            '--codedir', '/tmp/ref_sigs/code'])
dirs = %w[functions parser/functions].map { |d| File.join(File.dirname(Puppet.method(:initialize_settings).source_location[0]), 'puppet', d) }
names = dirs.flat_map { |d| Dir[File.join(d, '*.rb')] }.map { |f| File.basename(f, '.rb') }.uniq.sort

# `Name = Type` definitions inside an alias-expanded type text.
def local_aliases(text, found)
  text.scan(/\b([A-Z]\w*) = /) do
    name = Regexp.last_match(1)
    start = Regexp.last_match.end(0)
    depth = 0
    i = start
    while i < text.size
      c = text[i]
      depth += 1 if '[{('.include?(c)
      break if depth.zero? && ',]})'.include?(c)
      depth -= 1 if ']})'.include?(c)
      i += 1
    end
    body = text[start...i]
    found[name] ||= body.gsub(/\b([A-Z]\w*) = /, '')
  end
end

lines = []
aliases = {}
skipped = []
compiler = Puppet::Parser::Compiler.new(Puppet::Node.new('n'))
Puppet.override(loaders: compiler.loaders) do
  loader = compiler.loaders.private_environment_loader
  names.each do |n|
    begin
      f = loader.load(:function, n)
    rescue Exception => e # rubocop:disable Lint/RescueException (LoadError: a library the function needs)
      skipped << "#{n}: #{e.message[0, 80]}"
      next
    end
    f.class.dispatcher.signatures.each do |s|
      params = s.type.param_types
      local_aliases(params.to_alias_expanded_s, aliases)
      local_aliases(s.block_type.to_alias_expanded_s, aliases) if s.block_type
      lines << [n, params.to_s, s.parameter_names.join(','), s.block_type.to_s, s.block_name.to_s].join("\t")
    end
  end
end
out = File.expand_path('../src/eval/functions/signatures.txt', __dir__)
text = aliases.sort.map { |k, v| "=#{k}\t#{v}" } + lines
File.write(out, text.join("\n") + "\n")
puts "#{out}: #{lines.size} signatures, #{aliases.size} local aliases"
puts "not loadable in the reference: #{skipped.join('; ')}" unless skipped.empty?
