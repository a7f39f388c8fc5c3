# frozen_string_literal: true

require 'spec_helper'
require 'tmpdir'
require_relative '../../tools/data_check_diff'

# check-data against the same checker built on Puppet's API
# (tools/ref_check_data.rb) on hiera data generated for the class parameters
# of the Debian module path (tools/gen_hiera_data.rb): right and wrong values
# for every typed parameter of a sample of DATA_CHECK_KEYS keys (default 400;
# `all` for every parameter of the corpus), in two files. Findings agree
# message for message.
RSpec.describe 'DataCheck conformance', reference: true do
  MODULES = '/usr/share/puppet/modules'

  it 'gives the findings of the checker on Puppet\'s API, message for message' do
    skip "#{MODULES} is not installed" unless File.directory?(MODULES)

    Dir.mktmpdir do |dir|
      keys = ENV.fetch('DATA_CHECK_KEYS', '400')
      args = ['--modulepath', MODULES, '--out', dir, '--files', '2']
      args += ['--keys', keys] unless keys == 'all'
      system('ruby', File.expand_path('../../tools/gen_hiera_data.rb', __dir__), *args, exception: true)
      files = Dir.glob("#{dir}/*.yaml").sort
      ours, ref = DataCheckDiff.findings([MODULES], files)
      expect(ref.size).to be > 20
      expect(ref.map { |r| r[2] }.uniq).to include('TYPE_MISMATCH', 'UNKNOWN_PARAMETER')
      expect(ours - ref).to eq([])
      expect(ref - ours).to eq([])
      RSpec.configuration.reporter.message("#{ref.size} findings agree") if ENV['VERBOSE']
    end
  end
end
