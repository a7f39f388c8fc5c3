# frozen_string_literal: true

# TypeParser.parse over the type strings of spec/fixtures/type_strings.txt that
# the reference accepts (issue 2's target: at least 100x the reference).

Bench.workload 'type_parse', target: 100,
                             description: 'TypeParser.parse of every valid type string in spec/fixtures' do |w|
  lines = File.readlines(File.expand_path('../spec/fixtures/type_strings.txt', __dir__), chomp: true)
  strings = lines.reject { |l| l.empty? || l.start_with?('#') }.select do |s|
    PuppetTypes::TypeParser.parse(s)
    true
  rescue PuppetTypes::Error
    false
  end
  w.items = strings.size
  w.gem { strings.each { |s| PuppetTypes::TypeParser.parse(s) } }
  w.reference do
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
end
