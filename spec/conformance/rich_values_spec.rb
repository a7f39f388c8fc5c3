# frozen_string_literal: true

require 'spec_helper'

# PuppetTypes::<Name>.new against the reference's `<Name>.new` (the type's
# `create`): the same arguments give the same text, and both reject the same input.
RSpec.describe 'rich value constructors conformance', reference: true do
  CASES = [
    ['SemVer', '1.2.3-rc.1+b5'], ['SemVer', 1, 2, 3], ['SemVer', 1, 2, 3, 'rc.1'],
    ['SemVer', { 'major' => 1, 'minor' => 0, 'patch' => 0, 'prerelease' => 'rc' }],
    ['SemVer', '01.2.3'], ['SemVer', '1.2'], ['SemVerRange', '~1.2'], ['SemVerRange', '>=1.0.0 <2.0.0'],
    ['SemVerRange', '1.x'], ['SemVerRange', '^1.2.3'], ['SemVerRange', '1.2.3 - 2.3.4'], ['SemVerRange', 'foo'],
    ['Timespan', 13.5], ['Timespan', 0], ['Timespan', -3], ['Timespan', 1, 2, 3, 4], ['Timespan', 1, 2, 3, 4, 5, 6, 7],
    ['Timespan', '13:20'], ['Timespan', '1-00:00:00'], ['Timespan', { 'hours' => 2, 'minutes' => 3 }],
    ['Timespan', '2:03', '%H:%M'], ['Timespan', '10.25'],
    ['Timestamp', '2016-09-06T08:34:59.000000000 UTC'], ['Timestamp', 0], ['Timestamp', 1.5],
    ['Timestamp', '2016-09-06', '%F'], ['Timestamp', '2016-09-06 12:00 +0200', '%F %H:%M %z'],
    ['Binary', 'YWJj'], ['Binary', 'YW Jj', '%B'], ['Binary', 'abc', '%s'], ['Binary', [1, 2, 255]],
    ['Binary', 'YWJj', '%b'], ['URI', 'http://example.com/a/b?x=1'], ['URI', 'mailto:a@b.c'],
    ['URI', { 'scheme' => 'https', 'host' => 'x.org', 'path' => '/p' }], ['URI', 'http://a b'],
    ['Deferred', 'join', [%w[a b], '-']], ['Deferred', 'foo']
  ].freeze

  def reference_new(name, args)
    Reference.with_loaders { Puppet::Pops::Types::TypeParser.singleton.parse(name).create(*args).to_s }
  rescue StandardError => e
    [:error, e.class.name, e.message]
  end

  CASES.each do |name, *args|
    it "#{name}.new(#{args.map(&:inspect).join(', ')})" do
      expected = reference_new(name, args)
      if expected.is_a?(Array)
        expect { PuppetTypes.const_get(name).new(*args) }
          .to raise_error(PuppetTypes::Error), "the reference raises #{expected[1]}: #{expected[2]}"
      else
        expect(PuppetTypes.const_get(name).new(*args).to_s).to eq(expected)
      end
    end
  end
end
