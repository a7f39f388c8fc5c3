# frozen_string_literal: true

require 'spec_helper'
require 'tmpdir'
require_relative '../support/alias_suite'

# The same type alias suite run twice through `rspec`: with rspec-puppet on the
# reference (each value compiled in a catalog) and with the gem's RSpec support
# (no puppet): every example must pass or fail alike, with the same message
# (but for the one documented divergence: an unknown alias name, see
# AliasSuite.documented_divergence).
# The suite covers the type aliases of the Debian modules with generated values
# (AliasSuite::VALUES), negations and multi-value examples, and descriptions
# that name no alias. PUPPET_TYPES_RSPEC_DIFF=N tries N values on each alias
# (default 2, about 300 examples; `all`: every value, about an hour under
# rspec-puppet).
RSpec.describe 'RSpec support against rspec-puppet', reference: true do
  it 'gives every example the pass or fail and the message rspec-puppet gives' do
    skip 'rspec-puppet is not installed (Debian package ruby-rspec-puppet)' unless AliasSuite.rspec_puppet?

    Dir.mktmpdir('puppet_types_rspec_diff') do |dir|
      per_alias = ENV.fetch('PUPPET_TYPES_RSPEC_DIFF', '2')
      per_alias = per_alias == 'all' ? AliasSuite::VALUES.size : Integer(per_alias)
      AliasSuite.write(dir, AliasSuite.differential_groups(per_alias: per_alias),
                       AliasSuite.rspec_puppet_helper)
      reference = AliasSuite.run(dir, gem: false)
      AliasSuite.helper!(dir, AliasSuite.gem_helper)
      ours = AliasSuite.run(dir, gem: true)

      ids = reference.keys.grep(String)
      expect(ids.size).to be > 100
      expect(ours.keys.grep(String).sort).to eq(ids.sort)
      expected = reference.transform_values { |result| AliasSuite.documented_divergence(result) }
      differing = ids.reject { |id| expected[id] == ours[id] }
      detail = differing.first(10).map do |id|
        "#{id} #{ours[:report]['examples'].find { |e| e['id'] == id }['full_description']}\n" \
          "  expected:     #{expected[id].inspect}\n  gem:          #{ours[id].inspect}"
      end
      expect(differing).to be_empty, "#{differing.size} of #{ids.size} examples differ:\n#{detail.join("\n")}"
      failed = ids.count { |id| reference[id][0] == 'failed' }
      expect(failed).to be_between(1, ids.size - 1) # both kinds were compared
    end
  end
end
