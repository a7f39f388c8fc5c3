# frozen_string_literal: true

# Issue 19's workloads: the module path index over Debian's module path.
#
# env_load_all: Environment#load_all (every manifest, function, alias and plan
# parsed on all cores, wall time, fresh environment each time) against the
# command users run today, `puppet strings generate --format json`, once per
# module. The reference is timed on every STRINGS_STEP-th module (default 5,
# copied to a scratch directory, where YARD writes) and compared per file;
# STRINGS_STEP=1 runs it over every module.
#
# env_load_all_in_process: the same against puppet-strings' library called in
# this process (Puppet already loaded: no start-up), the stricter comparison.
#
# strings_json: PuppetTypes::Strings.generate (what `puppet-types strings`
# prints) against puppet-strings over the same modules, per file.
#
# env_find_class: find_class on a fresh Environment (one file parsed for a
# typical class), against a fresh Puppet environment's find_hostclass.

require 'tmpdir'
require 'fileutils'

module EnvBench
  MODULEPATH = '/usr/share/puppet/modules'
  AVAILABLE = '/usr/share/puppet/modules.available'
  PATTERNS = %w[manifests/**/*.pp functions/**/*.pp types/**/*.pp plans/**/*.pp].freeze
  CLASSES = %w[ntp mysql::server apache::mod::ssl stdlib postgresql::server rsync::server xinetd].freeze

  module_function

  def files(dir) = PATTERNS.flat_map { |p| Dir.glob(File.join(dir, p)) }

  # The scratch file puppet-strings writes its JSON to (removed at exit).
  def out_file
    @out_file ||= File.join(Dir.tmpdir, "env_bench_#{Process.pid}.json").tap do |f|
      at_exit { FileUtils.rm_f(f) }
    end
  end

  # Every STRINGS_STEP-th module directory of modules.available.
  def subset
    step = Integer(ENV.fetch('STRINGS_STEP', '5'))
    Dir.glob("#{AVAILABLE}/*").sort.each_slice(step).map(&:first)
  end

  def strings_ready?
    return @strings_ready unless @strings_ready.nil?

    @strings_ready = begin
      require 'puppet-strings'
      require 'puppet-strings/yard'
      YARD::Logger.instance.io = File.open(File::NULL, 'w')
      true
    rescue LoadError
      false
    end
  end

  # Copies of `dirs` in a scratch directory (made once).
  def scratch_copies(dirs)
    @scratch ||= Dir.mktmpdir('env_bench').tap { |dir| at_exit { FileUtils.rm_rf(dir) } }
    dirs.map do |d|
      copy = File.join(@scratch, File.basename(d))
      FileUtils.cp_r(File.realpath(d), copy) unless File.directory?(copy)
      copy
    end
  end

  # `puppet strings generate` run as a command in each of `dirs`.
  def puppet_strings_command(dirs, out)
    dirs.each do |d|
      ok = system('puppet', 'strings', 'generate', '--format', 'json', '--out', out, *PATTERNS,
                  chdir: d, out: File::NULL, err: File::NULL)
      raise "puppet strings generate failed in #{d}" unless ok
    end
  end

  # puppet-strings over `dirs`, in this process, writing its JSON to a scratch file.
  def puppet_strings(dirs, out)
    dirs.each do |d|
      Dir.chdir(d) do
        YARD::Registry.clear
        PuppetStrings.generate(PATTERNS, json: true, path: out, yard_args: ['--no-save', '-q'])
      end
    end
  end
end

def env_bench_load_all(w, in_process:)
  all = Dir.glob("#{EnvBench::MODULEPATH}/*").flat_map { |m| EnvBench.files(m) }
  raise "no modules under #{EnvBench::MODULEPATH}" if all.empty?

  subset = EnvBench.subset
  out = EnvBench.out_file
  w.items = all.size
  w.gem { PuppetTypes::Environment.new(modulepath: [EnvBench::MODULEPATH]).load_all }
  w.check do
    env = PuppetTypes::Environment.new(modulepath: [EnvBench::MODULEPATH]).load_all
    raise 'load_all found no definitions' if env.definitions.size < 100
  end
  w.reference_items = subset.sum { |d| EnvBench.files(d).size }
  how = if in_process
          return unless EnvBench.strings_ready?

          w.reference { EnvBench.puppet_strings(subset, out) }
          "puppet-strings' library in this process"
        else
          return unless system('puppet strings --help', out: File::NULL, err: File::NULL)

          copies = EnvBench.scratch_copies(subset)
          w.reference { EnvBench.puppet_strings_command(copies, out) }
          '`puppet strings generate` commands'
        end
  w.note = "#{how} timed on #{subset.size} of #{Dir.glob("#{EnvBench::AVAILABLE}/*").size} modules " \
           "(#{w.reference_items} files), compared per file; the gem indexes all #{all.size} files; wall time"
  w
end

Bench.workload 'env_load_all', target: 100, clock: :wall,
                               description: 'Environment#load_all of the Debian module path vs puppet strings' do |w|
  env_bench_load_all(w, in_process: false)
  w.variant('1 thread') do
    PuppetTypes::Environment.new(modulepath: [EnvBench::MODULEPATH]).__load_all_serial
  end
  w.variant('with diagnostics') do
    PuppetTypes::Environment.new(modulepath: [EnvBench::MODULEPATH]).load_all.diagnostics
  end
end

Bench.workload 'env_load_all_in_process', clock: :wall,
                                          description: 'Environment#load_all vs puppet-strings in process' do |w|
  env_bench_load_all(w, in_process: true)
end

Bench.workload 'strings_json', clock: :wall,
                               description: 'PuppetTypes::Strings.generate vs puppet strings generate' do |w|
  subset = EnvBench.subset
  out = EnvBench.out_file
  w.items = subset.sum { |d| EnvBench.files(d).size }
  dirs = subset.map { |d| [d, %w[manifests functions types plans].select { |s| File.directory?(File.join(d, s)) }] }
  w.gem { dirs.each { |d, paths| Dir.chdir(d) { PuppetTypes::Strings.generate(paths) } } }
  w.reference { EnvBench.puppet_strings(subset, out) } if EnvBench.strings_ready?
  w.note = "#{subset.size} modules, #{w.items} files; wall time"
end

Bench.workload 'env_find_class', description: 'find_class on a fresh Environment vs find_hostclass' do |w|
  Reference.with_loaders {} if Reference.available? # Puppet's settings
  w.items = EnvBench::CLASSES.size
  w.gem do
    EnvBench::CLASSES.each do |c|
      PuppetTypes::Environment.new(modulepath: [EnvBench::MODULEPATH]).find_class(c) or raise "no class #{c}"
    end
  end
  w.reference do
    EnvBench::CLASSES.each do |c|
      env = Puppet::Node::Environment.create(:bench, [EnvBench::MODULEPATH])
      Puppet.override(current_environment: env) { env.known_resource_types.find_hostclass(c) or raise "no class #{c}" }
    end
  end
  w.variant('Environment.new alone') do
    EnvBench::CLASSES.each { PuppetTypes::Environment.new(modulepath: [EnvBench::MODULEPATH]) }
  end
  w.note = "classes #{EnvBench::CLASSES.join(', ')}; each on a new environment (module path listed, one file parsed)"
end
