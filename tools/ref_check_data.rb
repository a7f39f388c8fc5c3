# frozen_string_literal: true

# The hiera data checker built on Puppet's own API: the reference for
# `puppet-types check-data` (the differential oracle of
# spec/conformance/data_check_spec.rb and the baseline of bench/check_data_bench.rb).
#
#   ruby tools/ref_check_data.rb --modulepath DIR[:DIR...] [--strict] [--json] FILE...
#
# Each data file is loaded as hiera's yaml_data / json_data load it; each
# key `<class>::<parameter>` is looked up with the environment's
# known_resource_types (Puppet's parser and autoloader), the parameter's type
# is the one Puppet evaluated through its loaders, and a value's message is
# what TypeMismatchDescriber.validate_parameters raises in a compile
# ("Class[X]: parameter 'p' expects ..."). The rules that are the checker's
# own (unknown classes and parameters with did-you-mean, keys left alone,
# values hiera finishes later) are the ones docs/check-data.md gives.
#
# Output: one finding per line, `path<TAB>line<TAB>key<TAB>code<TAB>message`
# (message with newlines as \n), or a JSON array with --json.

require 'json'
require 'optparse'
require 'tmpdir'

options = { modulepath: [], strict: false, json: false }
OptionParser.new do |o|
  o.on('--modulepath PATH') { |p| options[:modulepath].concat(p.split(':')) }
  o.on('--strict') { options[:strict] = true }
  o.on('--json') { options[:json] = true }
end.parse!(ARGV)

require 'puppet'

scratch = Dir.mktmpdir('ref_check_data')
at_exit { FileUtils.rm_rf(scratch) }
Puppet.initialize_settings(['--confdir', "#{scratch}/conf", '--vardir', "#{scratch}/var",
                            '--codedir', "#{scratch}/code", '--logdir', "#{scratch}/log"])

# The checker.
class RefCheckData
  Finding = Struct.new(:path, :line, :key, :code, :message)

  def initialize(modulepath, strict)
    @env = Puppet::Node::Environment.create(:check_data, modulepath)
    @strict = strict
    @node = Puppet::Node.new('check-data', environment: @env)
    @compiler = Puppet::Parser::Compiler.new(@node)
    @classes = {}
  end

  def run(files)
    Puppet.override(current_environment: @env, loaders: @compiler.loaders,
                    global_scope: @compiler.topscope) do
      files.flat_map { |f| check_file(f) }
    end
  end

  private

  def check_file(path)
    data = begin
      if path.end_with?('.json')
        Puppet::Util::Json.load(File.read(path))
      else
        Puppet::Util::Yaml.safe_load_file(path, [Symbol])
      end
    rescue Puppet::Util::Yaml::YamlLoadError => e
      code = e.cause.is_a?(Psych::SyntaxError) ? 'DATA_SYNTAX_ERROR' : 'UNLOADABLE_DATA'
      return [Finding.new(path, nil, nil, code, e.message)]
    rescue Puppet::Util::Json::ParseError => e
      return [Finding.new(path, nil, nil, 'DATA_SYNTAX_ERROR', e.message)]
    end
    return [Finding.new(path, nil, nil, 'DATA_NOT_A_HASH', 'file does not contain a valid hash')] unless data.is_a?(Hash)

    data = Puppet::Pops::Lookup::HieraConfig.symkeys_to_string(data)
    lines = key_lines(path)
    data.flat_map do |key, value|
      next [] unless key.is_a?(String)

      check_key(key, value).map { |code, message| Finding.new(path, lines[key], key, code, message) }
    end
  end

  # The line of each top-level key (the last of a repeated one).
  def key_lines(path)
    return {} if path.end_with?('.json')

    root = Psych.parse(File.read(path))&.root
    return {} unless root.is_a?(Psych::Nodes::Mapping)

    root.children.each_slice(2).each_with_object({}) do |(k, _), h|
      h[k.value] = k.start_line + 1 if k.is_a?(Psych::Nodes::Scalar)
    end
  end

  def check_key(key, value)
    value_type = Puppet::Pops::Lookup::DataProvider.value_type
    unless value_type.instance?(value)
      actual = Puppet::Pops::Types::TypeCalculator.singleton.infer(value)
      return [['UNLOADABLE_DATA', "Value for key '#{key}' has wrong type, expects Puppet::LookupValue, got #{actual}"]]
    end
    return lookup_options(value) if key == 'lookup_options'

    m = key.match(/\A((?:[a-z][a-z0-9_]*::)*[a-z][a-z0-9_]*)::([a-z_][a-zA-Z0-9_]*)\z/)
    unless m
      return [['UNBOUND_KEY', "The key '#{key}' binds no class parameter"]] if @strict

      return []
    end
    class_name, param = m[1], m[2]
    klass = find_class(class_name)
    return unknown_class(key, class_name) unless klass

    resource = Puppet::Resource.new('class', class_name).to_s
    unless klass.arguments.include?(param)
      message = "#{resource}: has no parameter named '#{param}'"
      s = did_you_mean(param, klass.arguments.keys)
      message += " (did you mean '#{s}'?)" if s
      return [['UNKNOWN_PARAMETER', message]]
    end
    return [] if value.nil? && !klass.arguments[param].nil?
    return [] if finished_later?(value)

    begin
      Puppet::Pops::Types::TypeMismatchDescriber.validate_parameters(resource, klass.send(:parameter_struct),
                                                                     { param => value }, true)
      []
    rescue Puppet::ParseError => e
      [['TYPE_MISMATCH', e.message]]
    end
  end

  def find_class(name)
    return @classes[name] if @classes.include?(name)

    @classes[name] = begin
      @env.known_resource_types.find_hostclass(name)
    rescue StandardError
      nil
    end
  end

  def unknown_class(key, class_name)
    mod = class_name.split('::').first
    if @env.module(mod).nil?
      return @strict ? [['UNKNOWN_CLASS', "Could not find class '#{class_name}' for the key '#{key}': there is no module '#{mod}' in the module path"]] : []
    end
    if class_name == mod
      return @strict ? [['UNBOUND_KEY', "The key '#{key}' binds no class parameter: module '#{mod}' has no class '#{mod}'"]] : []
    end

    dir = File.join(@env.module(mod).path, 'manifests')
    names = Dir.glob('**/*.pp', base: dir).map do |f|
      f == 'init.pp' ? mod : "#{mod}::#{f.delete_suffix('.pp').gsub('/', '::')}"
    end.sort
    message = "Could not find class '#{class_name}' for the key '#{key}'"
    s = did_you_mean(class_name, names)
    message += " (did you mean '#{s}'?)" if s
    [['UNKNOWN_CLASS', message]]
  end

  # Values hiera finishes later are checked only as far as they can be: the
  # reference cannot say how far, so it says nothing of them.
  def finished_later?(value)
    case value
    when String then value.include?('%{') || value.include?('ENC[')
    when Array then value.any? { |v| finished_later?(v) }
    when Hash then value.any? { |k, v| finished_later?(k) || finished_later?(v) }
    else false
    end
  end

  def lookup_options(value)
    return [['INVALID_LOOKUP_OPTIONS', 'value of lookup_options must be a hash']] unless value.is_a?(Hash)

    value.flat_map do |key, opts|
      next [['INVALID_LOOKUP_OPTIONS', "the lookup_options of '#{key}' must be a hash"]] unless opts.is_a?(Hash)

      found = []
      if opts.include?('merge') && !opts['merge'].nil?
        begin
          Puppet::Pops::MergeStrategy.strategy(opts['merge'])
        rescue ArgumentError, Puppet::Pops::Types::TypeAssertionError => e
          found << ['INVALID_LOOKUP_OPTIONS', e.message]
        end
      end
      ct = opts['convert_to']
      ct = ct.first if ct.is_a?(Array)
      if ct.is_a?(String)
        begin
          Puppet::Pops::Types::TypeParser.singleton.parse(ct)
        rescue StandardError => e
          found << ['INVALID_LOOKUP_OPTIONS', "Invalid data type in lookup_options for key '#{key}' could not parse '#{ct}', error: '#{e.message}"]
        end
      end
      found
    end
  end

  # The closest candidate by edit distance (a transposition counts one): at
  # most a third of the name's length and at most 3 edits; the first of equals.
  def did_you_mean(name, candidates)
    limit = (name.length / 3).clamp(1, 3)
    best = nil
    candidates.each do |c|
      next if c == name

      d = osa(name, c)
      best = [d, c] if d <= limit && (best.nil? || d < best[0])
    end
    best && best[1]
  end

  def osa(a, b)
    a = a.chars
    b = b.chars
    d = Array.new(a.size + 1) { |i| Array.new(b.size + 1) { |j| i.zero? ? j : (j.zero? ? i : 0) } }
    (1..a.size).each do |i|
      (1..b.size).each do |j|
        cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = [d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost].min
        d[i][j] = [d[i][j], d[i - 2][j - 2] + 1].min if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]
      end
    end
    d[a.size][b.size]
  end
end

findings = RefCheckData.new(options[:modulepath], options[:strict]).run(ARGV)
if options[:json]
  puts JSON.generate(findings.map(&:to_h))
else
  findings.each do |f|
    puts [f.path, f.line, f.key, f.code, f.message.gsub("\n", '\n')].join("\t")
  end
end
