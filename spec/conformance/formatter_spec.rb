# frozen_string_literal: true

require 'spec_helper'

# Formatter.string against the reference's StringConverter: the plain values of
# tools/ref_format.rb (scalars and containers) crossed with its formats and with
# its format maps must give the same text, or an error where the reference errors.
RSpec.describe 'Formatter conformance', reference: true do
  before(:all) do
    skip 'puppet is not installed' unless Reference.available?
    load File.expand_path('../../tools/ref_format.rb', __dir__) unless defined?(::FORMATS)
  end

  def reference(value, format)
    [:ok, Puppet::Pops::Types::StringConverter.singleton.convert(value, format)]
  rescue StandardError => e
    [:error, e.message]
  end

  def gem_text(value, format)
    [:ok, PuppetTypes::Formatter.string(value, format)]
  rescue PuppetTypes::Error => e
    [:error, e.message]
  end

  def compare(value, ref_format, gem_format)
    expected = reference(value, ref_format)
    return :skipped unless expected[1].valid_encoding?

    actual = gem_text(value, gem_format)
    return :same if actual == expected

    "#{value.inspect} #{gem_format.inspect}: expected #{expected.inspect}, got #{actual.inspect}"
  end

  it 'formats every plain value with every format as the reference does' do
    results = (SCALARS + CONTAINERS).product(FORMATS).map { |v, f| compare(v, f, f) }
    diffs = results.grep(String)
    puts "\n  formats: #{results.count(:same)}/#{results.size - results.count(:skipped)} agree"
    expect(diffs.first(20)).to eq([])
  end

  it 'formats every plain value with every format map as the reference does' do
    # The gem takes the type strings of the maps as they are (it parses them).
    results = (SCALARS + CONTAINERS).product(MAPS).map { |v, m| compare(v, ref_map(m), m) }
    diffs = results.grep(String)
    puts "\n  format maps: #{results.count(:same)}/#{results.size} agree"
    expect(diffs.first(20)).to eq([])
  end
end
