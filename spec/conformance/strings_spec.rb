# frozen_string_literal: true

require 'spec_helper'
require 'json'
require 'open3'

# `puppet-types strings` against Debian's puppet-strings (run as a separate
# process by tools/strings_reference.rb) over the fixture modules and the
# Debian modules: the whole output byte for byte, and entry by entry.
# STRINGS_CORPUS=all compares every module of /usr/share/puppet/modules.available
# (about 30 s); by default a sample of three.
RSpec.describe 'puppet-types strings conformance', reference: true do
  ROOT = File.expand_path('../..', __dir__)
  CORPUS = '/usr/share/puppet/modules.available'
  SAMPLE = %w[puppetlabs-stdlib puppetlabs-ntp puppetlabs-postgresql].freeze

  def self.modules
    fixtures = ["#{ROOT}/tests/fixtures/env/strings/docs", "#{ROOT}/tests/fixtures/env/modulepath/fx"]
    corpus = Dir.glob("#{CORPUS}/*").sort
    corpus = corpus.select { |d| SAMPLE.include?(File.basename(d)) } unless ENV['STRINGS_CORPUS'] == 'all'
    fixtures + corpus
  end

  def reference(dir)
    out, err, status = Open3.capture3(RbConfig.ruby, "#{ROOT}/tools/strings_reference.rb", dir)
    skip "puppet-strings is not installed: #{err.lines.first}" if !status.success? && err.include?('puppet-strings')
    expect(status).to be_success, err
    out
  end

  def ours(dir)
    paths = %w[manifests functions types plans].select { |d| File.directory?(File.join(dir, d)) }
    Dir.chdir(dir) { PuppetTypes::Strings.generate(paths).first }
  end

  modules.each do |dir|
    it "documents #{File.basename(dir)} as puppet-strings does" do
      expected = reference(dir)
      got = ours(dir)
      next if got == expected

      want = JSON.parse(expected)
      have = JSON.parse(got)
      want.each do |section, entries|
        expect(have[section].map { |e| e['name'] }).to eq(entries.map { |e| e['name'] }), section
        entries.zip(have[section]).each { |e, o| expect(o).to eq(e) }
      end
      expect(got).to eq(expected)
    end
  end
end
