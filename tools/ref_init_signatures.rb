#!/usr/bin/env ruby
# frozen_string_literal: true

# Writes src/types/calc/init_signatures.txt: for each type that has a `new`
# function in the reference, the parameter tuples of its dispatch signatures
# (local aliases inlined). `Init[T]` is answered from these.
# Run from the repository root:  ruby tools/ref_init_signatures.rb
require 'puppet'
require 'puppet_pal'

Puppet.initialize_settings(['--vardir', '/tmp/ref_calc/var', '--confdir', '/tmp/ref_calc/conf',
                            '--codedir', '/tmp/ref_calc/code'])
NAMES = %w[Integer Float Numeric String Boolean Array Hash Regexp SemVer SemVerRange Timespan
           Timestamp Binary URI Sensitive Type].freeze
out = File.expand_path('../src/types/calc/init_signatures.txt', __dir__)
Puppet::Pal.in_tmp_environment('init_sigs', modulepath: [], facts: {}) do |pal|
  pal.with_script_compiler do |c|
    lines = NAMES.map do |n|
      sigs = c.type(n).new_function.dispatcher.signatures.map do |s|
        # "Name = Type" is how an inlined alias prints; keep the type only.
        s.type.param_types.to_alias_expanded_s.gsub(/\b[A-Z][A-Za-z0-9_]*(?:::[A-Z][A-Za-z0-9_]*)* = /, '')
      end
      ([n] + sigs).join("\t")
    end
    File.write(out, lines.join("\n") + "\n")
    puts "#{out}: #{lines.size} types"
  end
end
