# frozen_string_literal: true

# check-data against the checker on Puppet's API (tools/ref_check_data.rb):
# the findings of both on the same data files, compared message for message.
#
#   ruby -I lib tools/data_check_diff.rb --modulepath DIR FILE...
#
# Compared: file-level findings by (file, code) (the YAML parsers word
# syntax errors differently), key findings by (file, key, code, message),
# and the line of UNKNOWN_CLASS / UNKNOWN_PARAMETER findings (the key's
# line; a mismatch's line is the innermost node, which the reference does
# not give). Prints the differences and a summary; exits 1 when they differ.

require 'json'
require 'open3'
require 'optparse'
require 'puppet_types'

# The comparison, for the script and for spec/conformance/data_check_spec.rb.
module DataCheckDiff
  REF = File.expand_path('ref_check_data.rb', __dir__)
  LINE_CODES = %w[UNKNOWN_CLASS UNKNOWN_PARAMETER].freeze

  module_function

  # [ours, reference], each a sorted list of comparable rows.
  def findings(modulepath, files)
    env = PuppetTypes::Environment.new(modulepath: modulepath)
    ours = PuppetTypes::DataCheck.new(env).check_files(files).map do |d|
      row(d.path, d.key, d.code.to_s, d.message, d.line)
    end
    out, err, status = Open3.capture3('ruby', REF, '--modulepath', modulepath.join(':'), '--json', *files)
    raise "ref_check_data.rb failed: #{err}" unless status.success?

    ref = JSON.parse(out).map { |f| row(f['path'], f['key'], f['code'], f['message'], f['line']) }
    [ours.sort_by(&:to_s), ref.sort_by(&:to_s)]
  end

  def row(path, key, code, message, line)
    return [path, nil, code] if key.nil?

    r = [path, key, code, message]
    r << line if LINE_CODES.include?(code)
    r
  end
end

if $PROGRAM_NAME == __FILE__
  modulepath = []
  OptionParser.new { |o| o.on('--modulepath PATH') { |p| modulepath.concat(p.split(':')) } }.parse!(ARGV)
  ours, ref = DataCheckDiff.findings(modulepath, ARGV)
  only_ours = ours - ref
  only_ref = ref - ours
  only_ours.first(20).each { |r| puts "only check-data: #{r.inspect}" }
  only_ref.first(20).each { |r| puts "only reference:  #{r.inspect}" }
  codes = ref.group_by { |r| r[2] }.transform_values(&:size)
  puts "#{ARGV.size} files: #{ref.size} reference findings #{codes}, #{ours.size} check-data findings; " \
       "#{(ours & ref).size} agree, #{only_ours.size} only check-data, #{only_ref.size} only reference"
  exit(only_ours.empty? && only_ref.empty? ? 0 : 1)
end
