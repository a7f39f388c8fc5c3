# frozen_string_literal: true

# Issue 20's workloads.
#
# validate_corpus: `puppet-types validate` over every manifest of the Debian
# module corpus against `puppet parser validate` over the same files:
# process wall time, start-up included, one process per run of each. The
# gem side runs on one thread (`--jobs 1`); the all-cores run is a variant.
#
# validate_12mb, validate_25mb, validate_50mb: Parser#validate of a manifest
# of 12, 25 and 50 MiB (corpus manifests concatenated, each class renamed so
# none repeats), each in a process of its own; an item is a MiB, so gem/item
# is the time per MiB (process start-up included), which stays the same from
# one size to the next when validation is linear. The note has the child's
# own wall and CPU time per MiB of the validate call, the ratio of that to
# the smallest size's, and the peak resident memory against the input's size
# (target: at most 4x). No reference (puppet parser validate of 50 MB takes
# minutes).

require 'open3'
require 'rbconfig'
require 'tmpdir'
require 'etc'

module ValidateBench
  CORPUS = '/usr/share/puppet/modules.available'
  LIB = File.expand_path('../lib', __dir__)
  EXE = File.expand_path('../exe/puppet-types', __dir__)

  module_function

  def manifests
    Dir.glob(File.join(CORPUS, '**', '*.pp')).sort
  end

  # Run a command; raise unless it exits with one of `statuses`.
  def run!(*command, statuses: [0])
    out, err, status = Open3.capture3(*command)
    raise "#{command.first(4).join(' ')}: exit #{status.exitstatus}: #{err.lines.first}" unless statuses.include?(status.exitstatus)

    out
  end

  def gem_validate(files, jobs)
    run!(RbConfig.ruby, '-I', LIB, EXE, 'validate', '--jobs', jobs.to_s, *files)
  end

  # A manifest of about `bytes` bytes from corpus manifests that validate without error.
  def big_manifest(bytes)
    parts = valid_manifests
    out = +''
    i = 0
    while out.bytesize < bytes
      s = parts[i % parts.size]
      # (a class or define name repeated is fine for the validator; rename to keep it realistic)
      out << s.gsub(/^(class|define)\s+([a-z][\w:]*)/) { "#{Regexp.last_match(1)} #{Regexp.last_match(2)}#{i}" } << "\n"
      i += 1
    end
    out
  end

  # The corpus manifests that validate without error (read once).
  def valid_manifests
    @valid_manifests ||= begin
      parser = PuppetTypes::Parser.new
      manifests.map { |f| File.read(f) }.select { |s| s.valid_encoding? && parser.validate(s).empty? }
    end
  end

  # The child process of a large-manifest run: prints its error count, the
  # validate call's wall and CPU seconds, peak RSS and RSS before it (KiB).
  LARGE_SCRIPT = <<~RUBY
    require 'puppet_types'
    source = File.read(ARGV[0])
    base = File.read('/proc/self/status')[/VmRSS:\\s+(\\d+)/, 1].to_i
    wall = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    cpu = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
    ds = PuppetTypes::Parser.new.validate(source, path: 'big.pp')
    wall = Process.clock_gettime(Process::CLOCK_MONOTONIC) - wall
    cpu = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - cpu
    peak = File.read('/proc/self/status')[/VmHWM:\\s+(\\d+)/, 1].to_i
    puts [ds.count(&:error?), wall, cpu, peak, base].join(' ')
  RUBY

  # Seconds of CPU per MiB of each large-manifest size measured so far, by size.
  def cpu_per_mib = (@cpu_per_mib ||= {})

  # Validate a manifest of `mib` MiB in a process of its own; the note for the workload.
  def validate_large(path, mib)
    out = run!(RbConfig.ruby, '-I', LIB, '-e', LARGE_SCRIPT, path)
    errors, wall, cpu, peak_kb, base_kb = out.split.map { |x| Float(x) }
    raise "#{errors.to_i} errors in the big manifest" unless errors.zero?

    size = File.size(path)
    cpu_per_mib[mib] = cpu / mib
    smallest = cpu_per_mib.min_by(&:first)
    against = smallest.first == mib ? '' : format(', %.2fx that of %d MiB', cpu / mib / smallest.last, smallest.first)
    format('%.1f MB input; validate %.1f ms/MiB wall, %.1f ms/MiB CPU%s; peak RSS %.0f MB = %.2fx the input ' \
           '(%.0f MB before validating: Ruby and the source; %.2fx the input added by validating)',
           size / 1e6, wall * 1e3 / mib, cpu * 1e3 / mib, against, peak_kb / 1024.0, peak_kb * 1024.0 / size,
           base_kb / 1024.0, (peak_kb - base_kb) * 1024.0 / size)
  end
end

Bench.workload 'validate_corpus', target: 20, clock: :wall, rounds: 1,
                                  description: 'puppet-types validate of the corpus manifests, process wall time' do |w|
  files = ValidateBench.manifests
  raise "no manifests under #{ValidateBench::CORPUS}" if files.empty?

  w.items = files.size
  w.check do
    out = ValidateBench.gem_validate(files, 1)
    raise "the corpus does not validate: #{out.lines.first}" if out.include?(': error: ')
  end
  w.gem { ValidateBench.gem_validate(files, 1) }
  w.variant("all #{Etc.nprocessors} cores") { ValidateBench.gem_validate(files, Etc.nprocessors) }
  w.reference { ValidateBench.run!('puppet', 'parser', 'validate', *files) } if system('command -v puppet > /dev/null')
  w.note = "#{files.size} files (#{files.sum { |f| File.size(f) } / 1024} KB); gem on 1 thread " \
           '(--jobs 1), one process per run; the reference: one `puppet parser validate` process over them all'
end

[12, 25, 50].each do |mib|
  Bench.workload "validate_#{mib}mb", clock: :wall, rounds: 1,
                                      description: "Parser#validate of a #{mib} MiB manifest, own process, per MiB" do |w|
    dir = Dir.mktmpdir('validate_bench')
    at_exit { FileUtils.rm_rf(dir) }
    path = File.join(dir, 'big.pp')
    File.write(path, ValidateBench.big_manifest(mib * 1024 * 1024))
    w.items = mib
    w.gem { w.note = ValidateBench.validate_large(path, mib) }
  end
end
