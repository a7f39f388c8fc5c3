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

# Where the type text that starts at `start` ends (at depth 0: `,` or a closing bracket).
def type_end(text, start)
  depth = 0
  i = start
  while i < text.size
    c = text[i]
    if c == '/' # a regexp: its brackets do not count
      i += 1
      i += (text[i] == '\\' ? 2 : 1) while i < text.size && text[i] != '/'
      i += 1
      next
    end
    break if depth.zero? && ',]})'.include?(c)

    depth += 1 if '[{('.include?(c)
    depth -= 1 if ']})'.include?(c)
    i += 1
  end
  i
end

# `text` with each nested `Name = Type` written as `Name`.
def collapse(text)
  out = +''
  i = 0
  while (m = /\b([A-Z]\w*) = /.match(text, i))
    out << text[i...m.begin(0)] << m[1]
    i = type_end(text, m.end(0))
  end
  out << text[i..]
end

# The `Name = Type` definitions inside an alias-expanded type text, into `found`.
def local_aliases(text, found)
  pos = 0
  while (m = /\b([A-Z]\w*) = /.match(text, pos))
    body_end = type_end(text, m.end(0))
    found[m[1]] ||= collapse(text[m.end(0)...body_end])
    pos = m.end(0)
  end
end

# A parameter tuple's text; one that takes no arguments (which prints as
# `Tuple`, like the tuple of any size) is written `Tuple[0, 0]`.
def tuple_text(params)
  params.size_range == [0, 0] ? 'Tuple[0, 0]' : params.to_s
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
      lines << [n, tuple_text(params), s.parameter_names.join(','), s.block_type.to_s, s.block_name.to_s].join("\t")
    end
  end
end
# The new functions of the types (`Integer('1')` calls `new`, `Float('1')` `new_float`):
# `@Type TAB function name`, then its signatures under the name `Type:<Type>`.
# Their local aliases are named `<Type>:<Name>` (several types have a `Convertible`).
TYPES = %w[Integer Float Numeric String Boolean Array Hash Regexp SemVer SemVerRange Timespan Timestamp
           Binary URI Sensitive Type NotUndef].freeze
Puppet.override(loaders: compiler.loaders) do
  TYPES.each do |t|
    fn = Puppet::Pops::Types::TypeParser.singleton.parse(t).new_function
    lines << "@#{t}\t#{fn.name}"
    local = {}
    fn.dispatcher.signatures.each do |s|
      params = s.type.param_types
      local_aliases(params.to_alias_expanded_s, local)
      lines << ["Type:#{t}", tuple_text(params), s.parameter_names.join(','), s.block_type.to_s, s.block_name.to_s].join("\t")
    end
    local.each { |k, v| aliases["#{t}:#{k}"] = v }
  end
end
out = File.expand_path('../src/eval/functions/signatures.txt', __dir__)
text = aliases.sort.map { |k, v| "=#{k}\t#{v}" } + lines
File.write(out, text.join("\n") + "\n")
puts "#{out}: #{lines.size} signatures, #{aliases.size} local aliases"
puts "not loadable in the reference: #{skipped.join('; ')}" unless skipped.empty?
