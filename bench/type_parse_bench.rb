# frozen_string_literal: true

# TypeParser.parse over the type strings of spec/fixtures/type_strings.txt that
# the reference accepts (target: at least 50x the reference, issue 25; the
# fast reader of types::parse::reader is what reaches it).
#
# The headline parses every string afresh (`cache: false`); the `cached` line
# measures the default, where a string parsed before is answered from the
# process-wide cache of parsed strings.

type_strings = lambda do
  lines = File.readlines(File.expand_path('../spec/fixtures/type_strings.txt', __dir__), chomp: true)
  lines.reject { |l| l.empty? || l.start_with?('#') }.select do |s|
    PuppetTypes::TypeParser.parse(s)
    true
  rescue PuppetTypes::Error
    false
  end
end

reference = lambda do |strings|
  Reference.with_loaders do |loaders|
    parser = Reference.type_parser
    loader = loaders.private_environment_loader
    strings.each do |s|
      parser.parse(s, loader)
    rescue StandardError
      nil
    end
  end
end

Bench.workload 'type_parse', target: 50,
                             description: 'TypeParser.parse (uncached) of every valid type string in spec/fixtures' do |w|
  strings = type_strings.call
  w.items = strings.size
  w.gem { strings.each { |s| PuppetTypes::TypeParser.parse(s, cache: false) } }
  w.reference { reference.call(strings) }
  w.variant('cached') { strings.each { |s| PuppetTypes::TypeParser.parse(s) } }
end
