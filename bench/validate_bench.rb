# frozen_string_literal: true

# Issue 20's workloads.
#
# validate_corpus: `puppet-types validate` over every manifest of the Debian
# module corpus against `puppet parser validate` over the same files:
# process wall time, start-up included, one process per run of each. The
# gem side runs on one thread (`--jobs 1`); the all-cores run is a variant.
#
# validate_50mb: Parser#validate of a 50 MB manifest (corpus manifests
# concatenated, each class renamed so none repeats) in a process of its own:
# its time, and its peak resident memory against the input's size (target:
# at most 4x) in the note. No reference (puppet parser validate of 50 MB
# takes minutes).

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
    parser = PuppetTypes::Parser.new
    parts = manifests.map { |f| File.read(f) }.select { |s| s.valid_encoding? && parser.validate(s).empty? }
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

Bench.workload 'validate_50mb', clock: :wall, rounds: 1,
                                description: 'Parser#validate of a 50 MB manifest, own process, peak RSS in the note' do |w|
  dir = Dir.mktmpdir('validate_bench')
  at_exit { FileUtils.rm_rf(dir) }
  path = File.join(dir, 'big.pp')
  File.write(path, ValidateBench.big_manifest(50 * 1024 * 1024))
  size = File.size(path)
  script = <<~RUBY
    require 'puppet_types'
    source = File.read(#{path.inspect})
    base = File.read('/proc/self/status')[/VmRSS:\\s+(\\d+)/, 1].to_i
    ds = PuppetTypes::Parser.new.validate(source, path: 'big.pp')
    peak = File.read('/proc/self/status')[/VmHWM:\\s+(\\d+)/, 1].to_i
    puts [ds.count(&:error?), peak, base].join(' ')
  RUBY
  w.items = 1
  w.gem do
    errors, peak_kb, base_kb = ValidateBench.run!(RbConfig.ruby, '-I', ValidateBench::LIB, '-e', script).split.map(&:to_i)
    raise "#{errors} errors in the big manifest" unless errors.zero?

    w.note = format('%.1f MB input; peak RSS %.0f MB (%.2fx the input; %.0f MB before validating: Ruby and the source)',
                    size / 1e6, peak_kb / 1024.0, peak_kb * 1024.0 / size, base_kb / 1024.0)
  end
end
