# frozen_string_literal: true

# TypeParser.parse over the type strings of spec/fixtures/type_strings.txt that
# the reference accepts (issue 2's target: at least 100x the reference).
# `type_parse` parses every time (cache: false), as the reference does;
# `type_parse_cached` measures the gem's default, which caches results by text.

def bench_type_strings
  lines = File.readlines(File.expand_path('../spec/fixtures/type_strings.txt', __dir__), chomp: true)
  lines.reject { |l| l.empty? || l.start_with?('#') }.select do |s|
    PuppetTypes::TypeParser.parse(s)
    true
  rescue PuppetTypes::Error
    false
  end
end

def bench_reference_parse(strings)
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

Bench.workload 'type_parse_cached', target: 100,
                                    description: 'TypeParser.parse, results cached by text (the default)' do |w|
  strings = bench_type_strings
  w.items = strings.size
  w.gem { strings.each { |s| PuppetTypes::TypeParser.parse(s) } }
  w.reference { bench_reference_parse(strings) }
end

Bench.workload 'type_parse', target: 100,
                             description: 'TypeParser.parse of every valid type string in spec/fixtures' do |w|
  strings = bench_type_strings
  w.items = strings.size
  w.gem { strings.each { |s| PuppetTypes::TypeParser.parse(s, cache: false) } }
  w.reference { bench_reference_parse(strings) }
end
