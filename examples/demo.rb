# frozen_string_literal: true

# The demo: parse each type string of a file (examples/types.txt by default),
# print it canonically, and check the sample values listed under it (saying
# why a value does not match, in the reference's words).

require 'json'
require 'puppet_types'

path = ARGV.fetch(0, File.expand_path('types.txt', __dir__))
cases = []
File.foreach(path, chomp: true) do |line|
  next if line.strip.empty? || line.lstrip.start_with?('#')

  if line.start_with?(' ', "\t")
    raise "#{path}: a value before any type: #{line}" if cases.empty?

    cases.last[:values] << line.strip
  else
    cases << { type: line.strip, values: [] }
  end
end

# Type aliases (Stdlib::Port ...) from the installed modules, when there are any.
modulepath = ENV.fetch('PUPPET_TYPES_MODULEPATH', '/usr/share/puppet/modules')
aliases = PuppetTypes::AliasRegistry.new
loaded = File.directory?(modulepath) ? aliases.load_module_path(modulepath).size : 0
puts "(#{loaded} type aliases loaded from #{modulepath})"
puts

failures = 0
cases.each do |c|
  begin
    type = PuppetTypes::TypeParser.parse(c[:type], aliases: aliases)
  rescue PuppetTypes::Error => e
    puts "#{c[:type]}\n  error: #{e.class.name.split('::').last}: #{e.message}"
    failures += 1
    next
  end
  puts type.to_s == c[:type] ? type.to_s : "#{c[:type]}\n  canonical: #{type}"
  c[:values].each do |text|
    value = JSON.parse(text)
    mismatch = PuppetTypes::TypeCalculator.describe_mismatch(type, value)
    puts mismatch ? "  no   #{text.ljust(50)} #{mismatch}" : "  yes  #{text}"
  end
end
puts
puts "#{cases.size} types, #{cases.sum { |c| c[:values].size }} values, #{failures} type errors"
