# frozen_string_literal: true

require_relative 'spec_helper'

# Patterns mean what they mean in Ruby (seed 003, Regexp; seed 001, Pattern): the
# shorthand classes are ASCII-only, `\b` and POSIX brackets follow Unicode. Each
# pattern of the fixture (written from Ruby by tools/ref_regex.rb) is checked
# against every text, more often than the number of checks after which a pattern
# in the linear subset switches engines, so both engines are compared with Ruby.
RSpec.describe 'Pattern matching semantics' do
  fixture = File.expand_path('fixtures/regex_matches.txt', __dir__)
  cases = File.readlines(fixture, chomp: true).reject { |l| l.start_with?('#') }.map do |line|
    pattern, points, answer = line.split("\t", -1)
    [pattern, points.split(',').map(&:to_i).pack('U*'), answer == '1']
  end

  # docs/divergences.md: case-insensitive \w also takes K (KELVIN SIGN) and ſ.
  known = ->(pattern, text) { pattern.start_with?('(?i)') && pattern.include?('\w') && text.match?(/[\u212a\u017f]/) }

  cases.group_by(&:first).each do |pattern, rows|
    it "answers as Ruby for /#{pattern}/" do
      type = PuppetTypes::TypeFactory.pattern(Regexp.new(pattern))
      2.times do
        rows.each do |_, text, ruby|
          next if known.call(pattern, text)

          expect(type.instance?(text)).to eq(ruby), "#{type} on #{text.inspect}"
          expect(Regexp.new(pattern).match?(text)).to eq(ruby)
        end
      end
    end
  end

  it 'keeps \w ASCII-only, as the reference does' do
    type = PuppetTypes::TypeParser.parse('Pattern[/\A\w+\z/]')
    expect(type.instance?('héllo')).to be(false)
    expect(type.instance?('hello_1')).to be(true)
    next unless Reference.available?

    ref = Reference.with_loaders { |l| Puppet::Pops::Types::TypeParser.singleton.parse('Pattern[/\A\w+\z/]', l.private_environment_loader) }
    expect(ref.instance?('héllo')).to be(false)
  end
end
