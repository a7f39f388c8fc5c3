#!/usr/bin/env ruby
# frozen_string_literal: true

# Runs a module's own spec/type_aliases suite twice, unchanged except for its
# spec_helper: with rspec-puppet on the reference, and with the gem's
# two-line spec_helper (`require 'puppet_types/rspec'`), and compares every
# example's status and failure message. With --flip it also runs both with
# every `to allow_value` and `not_to allow_value` swapped, so that each
# example fails and the failure messages are compared too. Needs Debian's
# ruby-rspec-puppet and puppet. Run from the repository root:
#   ruby -Ilib tools/rspec_module_diff.rb MODULE_DIR [--flip]
# MODULE_DIR holds the module (metadata.json, types/, ...) and its
# spec/type_aliases/; scratch copies are made, MODULE_DIR is not written.
require 'fileutils'
require 'tmpdir'
require_relative '../spec/support/alias_suite'

module_dir = File.expand_path(ARGV.fetch(0) { abort 'usage: rspec_module_diff.rb MODULE_DIR [--flip]' })
flip = ARGV.include?('--flip')
abort "#{module_dir}/spec/type_aliases: no such directory" unless File.directory?("#{module_dir}/spec/type_aliases")

GEM_HELPER = "require 'puppet_types/rspec'\n"
RSPEC_PUPPET_HELPER = <<~RUBY
  require 'rspec-puppet'
  RSpec.configure do |c|
    c.module_path = File.expand_path('fixtures/modules', __dir__)
  end
RUBY

# A scratch module: links to the module's own entries, a copy of its spec/
# (fixtures left empty) with `helper` as spec_helper.
def scratch(module_dir, root, helper, flip)
  FileUtils.mkdir_p(root)
  Dir.children(module_dir).each do |entry|
    File.symlink(File.join(module_dir, entry), File.join(root, entry)) unless entry == 'spec'
  end
  spec = File.join(root, 'spec')
  FileUtils.mkdir_p(File.join(spec, 'fixtures', 'modules'))
  Dir.children(File.join(module_dir, 'spec')).each do |entry|
    FileUtils.cp_r(File.join(module_dir, 'spec', entry), spec) unless entry == 'fixtures'
  end
  File.write(File.join(spec, 'spec_helper.rb'), helper)
  return root unless flip

  Dir[File.join(spec, 'type_aliases', '**', '*.rb')].each do |f|
    swapped = File.read(f).gsub(/\.(to|not_to) (allow_values?)\b/) do
      ".#{Regexp.last_match(1) == 'to' ? 'not_to' : 'to'} #{Regexp.last_match(2)}"
    end
    File.write(f, swapped)
  end
  root
end

Dir.mktmpdir('rspec_module_diff') do |tmp|
  (flip ? [false, true] : [false]).each do |flipped|
    runs = { 'gem' => [GEM_HELPER, true], 'rspec-puppet' => [RSPEC_PUPPET_HELPER, false] }.to_h do |label, (helper, gem)|
      dir = scratch(module_dir, File.join(tmp, "#{label}-#{flipped}"), helper, flipped)
      started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
      result = AliasSuite.run(dir, gem: gem, args: ['spec/type_aliases'])
      [label, [result, Process.clock_gettime(Process::CLOCK_MONOTONIC) - started]]
    end
    (ours, gem_time), (theirs, ref_time) = runs.values_at('gem', 'rspec-puppet')
    ids = theirs.keys.grep(String)
    differ = ids.reject { |id| ours[id] == theirs[id] }
    differ.first(20).each { |id| puts "DIFFER #{id}\n  rspec-puppet: #{theirs[id].inspect}\n  gem:          #{ours[id].inspect}" }
    puts "#{flipped ? 'flipped' : 'as written'}: #{ids.size} examples (rspec-puppet: #{theirs[:report]['summary_line']}; " \
         "gem: #{ours[:report]['summary_line']}), #{ids.size - differ.size} alike in status and message; " \
         "wall #{ref_time.round(1)} s vs #{gem_time.round(2)} s (#{(ref_time / gem_time).round}x)"
  end
end
