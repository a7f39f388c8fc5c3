# frozen_string_literal: true

# The Puppet manifests of Debian's puppetlabs modules, for corpus specs and benchmarks.
module Corpus
  DIR = '/usr/share/puppet/modules.available'

  # Every .pp file under the installed modules, sorted (empty when none is installed).
  def self.manifests
    @manifests ||= Dir.glob(File.join(DIR, '*', 'manifests', '**', '*.pp')).sort
  end

  # Every `step`-th manifest: a spread-out sample for quick specs.
  def self.sample(step)
    manifests.each_slice(step).map(&:first)
  end
end
