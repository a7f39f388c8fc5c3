# frozen_string_literal: true

# Issue 21's workload: `puppet-types check-data` on a 5,000-key hiera file
# over the Debian module path, process wall time with start-up, against the
# same checker on Puppet's API (tools/ref_check_data.rb: class parameters from
# Puppet's parser, types through its loaders, TypeMismatchDescriber). The file
# is tools/gen_hiera_data.rb's: 5,000 typed class parameters of the corpus,
# right and wrong values (DATA_BENCH_KEYS changes the count). Both processes
# must report the same findings.

require 'tmpdir'
require 'fileutils'
require 'json'
require 'open3'
require 'rbconfig'

module CheckDataBench
  ROOT = File.expand_path('..', __dir__)
  MODULES = '/usr/share/puppet/modules'

  module_function

  # The data file, generated once per key count (kept in the system's temporary directory).
  def data_file(keys)
    dir = File.join(Dir.tmpdir, "puppet_types_data_bench_#{Process.uid}_#{keys}")
    file = File.join(dir, 'data_00.yaml')
    return file if File.file?(file)

    system(RbConfig.ruby, File.join(ROOT, 'tools/gen_hiera_data.rb'), '--modulepath', MODULES, '--out', dir,
           '--files', '1', '--keys', keys.to_s, exception: true)
    file
  end

  # CPU seconds (user + system) of each side's processes, for the note.
  CPU = { ours: [], reference: [] }

  def run(side, *cmd)
    before = Process.times
    out, err, status = Open3.capture3(*cmd)
    after = Process.times
    raise "#{cmd.join(' ')} failed: #{err}" unless status.success? || status.exitstatus == 1

    CPU[side] << (after.cutime + after.cstime) - (before.cutime + before.cstime)
    out
  end

  # The median CPU seconds of the runs of a side.
  def cpu(side)
    times = CPU[side].sort
    times[times.size / 2]
  end

  def ours(file)
    run(:ours, RbConfig.ruby, '-I', File.join(ROOT, 'lib'), File.join(ROOT, 'exe/puppet-types'), 'check-data',
        '--modulepath', MODULES, '--format', 'json', file)
  end

  def reference(file)
    run(:reference, RbConfig.ruby, File.join(ROOT, 'tools/ref_check_data.rb'), '--modulepath', MODULES, '--json', file)
  end

  # The findings as comparable rows: (code) for a file's own, (key, code,
  # message) for a key's, and the line of an unknown class or parameter
  # (the key's line on both sides).
  def comparable(json)
    doc = JSON.parse(json)
    list = doc.is_a?(Hash) ? doc.fetch('diagnostics') : doc
    list.map do |d|
      key = d['key']
      next [d['code']] if key.nil?

      row = [key, d['code'], d['message']]
      row << d['line'] if %w[UNKNOWN_CLASS UNKNOWN_PARAMETER].include?(d['code'])
      row
    end.sort_by(&:to_s)
  end
end

Bench.workload 'check_data', target: 30, clock: :wall, rounds: 3,
                             description: 'check-data on a 5,000-key hiera file, process wall time' do |w|
  keys = Integer(ENV.fetch('DATA_BENCH_KEYS', '5000'))
  file = CheckDataBench.data_file(keys)
  w.items = 1
  w.check do
    ours = CheckDataBench.comparable(CheckDataBench.ours(file))
    if Reference.available?
      ref = CheckDataBench.comparable(CheckDataBench.reference(file))
      raise "check-data and the reference differ: #{(ours - ref).first(3)} / #{(ref - ours).first(3)}" unless ours == ref
    end
  end
  modules = Dir.children(CheckDataBench::MODULES).size
  note = lambda do
    cpu = format('; CPU time (user + system) of a process: %.0f ms', CheckDataBench.cpu(:ours) * 1000)
    if (ref = CheckDataBench.cpu(:reference))
      cpu += format(', reference %.0f ms (%.1fx)', ref * 1000, ref / CheckDataBench.cpu(:ours))
    end
    w.note = "#{keys} keys over #{CheckDataBench::MODULES} (#{modules} modules); both sides are whole " \
             "processes (ruby start-up, module path index, checks, JSON out)#{cpu}"
  end
  w.gem do
    CheckDataBench.ours(file)
    note.call
  end
  w.reference do
    CheckDataBench.reference(file)
    note.call
  end
end
