# frozen_string_literal: true

# The demo: parse each type string of a file (examples/types.txt by default),
# print it canonically, and check the sample values listed under it.

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

checker = if defined?(PuppetTypes::TypeCalculator) && PuppetTypes::TypeCalculator.respond_to?(:instance?)
            ->(type, value) { PuppetTypes::TypeCalculator.instance?(type, value) }
          end

failures = 0
cases.each do |c|
  begin
    type = PuppetTypes::TypeParser.parse(c[:type])
  rescue PuppetTypes::Error => e
    puts "#{c[:type]}\n  error: #{e.class.name.split('::').last}: #{e.message}"
    failures += 1
    next
  end
  puts type.to_s == c[:type] ? type.to_s : "#{c[:type]}\n  canonical: #{type}"
  c[:values].each do |text|
    value = JSON.parse(text)
    if checker
      verdict = checker.call(type, value) ? 'yes' : 'no '
      puts "  #{verdict}  #{text}"
    else
      puts "  (instance? not available yet)  #{text}"
    end
  end
end
puts
puts "#{cases.size} types, #{cases.sum { |c| c[:values].size }} values, #{failures} type errors"
