# frozen_string_literal: true

# Hiera data for the class parameters of a module path, right and wrong, for
# the differential of check-data (spec/conformance/data_check_spec.rb) and
# its benchmark (bench/check_data_bench.rb).
#
#   ruby tools/gen_hiera_data.rb --modulepath DIR --out DIR [--files N] [--keys N] [--seed N]
#
# Each class of the module path is found with Puppet's parser and autoloader,
# and each of its parameters' types (evaluated through Puppet's loaders)
# gives values: an instance built from the type, a value made wrong at one
# place (a scalar of another type, a wrong element deep in an array or hash,
# a missing or extra Struct key, a size out of range), and values of a
# generic pool. File i of N binds every parameter to its i-th value, so every
# parameter type of the corpus is met by several values; a few keys are
# misspelt (unknown parameters and classes). Files are written with Psych,
# so the text loads back to the values made.

require 'optparse'
require 'yaml'
require 'tmpdir'
require 'fileutils'

options = { modulepath: '/usr/share/puppet/modules', out: nil, files: 4, keys: nil, seed: 21 }
OptionParser.new do |o|
  o.on('--modulepath DIR') { |d| options[:modulepath] = d }
  o.on('--out DIR') { |d| options[:out] = d }
  o.on('--files N', Integer) { |n| options[:files] = n }
  o.on('--keys N', Integer, 'at most N keys per file (a sample of the parameters)') { |n| options[:keys] = n }
  o.on('--seed N', Integer) { |n| options[:seed] = n }
end.parse!(ARGV)
abort 'gen_hiera_data: --out DIR is required' unless options[:out]

require 'puppet'

scratch = Dir.mktmpdir('gen_hiera_data')
at_exit { FileUtils.rm_rf(scratch) }
Puppet.initialize_settings(['--confdir', "#{scratch}/conf", '--vardir', "#{scratch}/var",
                            '--codedir', "#{scratch}/code", '--logdir', "#{scratch}/log"])

T = Puppet::Pops::Types
RNG = Random.new(options[:seed])

STRINGS = ['/tmp/x', '/etc/app.conf', 'C:\\x', 'example.com', 'host.example.com', '10.0.0.1', '192.168.1.0/24',
           '::1', 'http://example.com/', 'https://example.com:8443/x', 'puppet:///modules/x/y', 'present', 'absent',
           'running', 'stopped', 'latest', 'installed', 'true', 'false', 'yes', 'no', 'on', 'off', '0644', '0755',
           '80', '1.2.3', 'a', 'root', 'www-data', 'UTC', 'INFO', 'debug', '*', 'x' * 40, 'ssl', 'tcp', ''].freeze
POOL = [1, 0, -1, 65_536, 1.5, true, false, nil, 'x', 'yes', '', [], {}, ['a', 1], { 'a' => 1 }, [[1]],
        { 'k' => { 'n' => [1, 'two'] } }, 'On', '/srv', 3.0].freeze

def pick(list)
  list[RNG.rand(list.size)]
end

def resolved(t, depth = 0)
  t = t.resolved_type while t.is_a?(T::PTypeAliasType) && depth < 20 && (depth += 1)
  t
end

# A value of type `t` (nil when none can be written in YAML).
def sample(t, depth = 0)
  return 'x' if depth > 6

  t = resolved(t)
  case t
  when T::PUndefType then nil
  when T::POptionalType then t.optional_type.nil? || RNG.rand(5).zero? ? nil : sample(t.optional_type, depth + 1)
  when T::PNotUndefType then t.type.nil? ? 'x' : sample(t.type, depth + 1)
  when T::PVariantType then t.types.empty? ? nil : sample(pick(t.types), depth + 1)
  when T::PEnumType then t.values.empty? ? 'x' : pick(t.values)
  when T::PPatternType
    STRINGS.find { |s| t.instance?(s) } || 'x'
  when T::PStringType
    if t.value then t.value
    else
      from = t.size_type&.from || 0
      to = t.size_type&.to
      s = STRINGS.find { |c| c.size >= from && (to.nil? || c.size <= to) } || ('x' * from)
      s
    end
  when T::PIntegerType
    lo = t.from || (t.to ? [t.to - 10, 0].min : 0)
    hi = t.to || lo + 100
    lo + RNG.rand([hi - lo, 1000].min + 1)
  when T::PFloatType then (t.from || 0.0) + 0.5
  when T::PNumericType then 1
  when T::PBooleanType then t.value.nil? ? pick([true, false]) : t.value
  when T::PArrayType
    from = t.size_type&.from || 0
    to = t.size_type&.to || from + 2
    n = [from, [to, from + 2].min].max
    n = RNG.rand(from..[to, from + 2].min) if to > from
    Array.new(n) { sample(t.element_type || T::PAnyType::DEFAULT, depth + 1) }
  when T::PTupleType
    t.types.map { |x| sample(x, depth + 1) }
  when T::PStructType
    t.elements.each_with_object({}) do |e, h|
      next if e.key_type.is_a?(T::POptionalType) && RNG.rand(2).zero?

      h[e.name] = sample(e.value_type, depth + 1)
    end
  when T::PHashType
    n = [t.size_type&.from || 0, 1].max
    n = 0 if t.size_type&.to&.zero?
    Array.new(n) { [hash_key(t.key_type, depth), sample(t.value_type || T::PAnyType::DEFAULT, depth + 1)] }.to_h
  when T::PScalarType, T::PScalarDataType then pick(['x', 1, true])
  when T::PCollectionType then []
  else pick(POOL)
  end
end

def hash_key(kt, depth)
  k = kt.nil? ? 'key' : sample(kt, depth + 1)
  k.nil? || k.is_a?(Array) || k.is_a?(Hash) ? 'key' : k
end

# A value of type `t` made wrong at one place.
def wrong(t, depth = 0)
  t = resolved(t)
  case t
  when T::POptionalType, T::PNotUndefType
    inner = t.is_a?(T::POptionalType) ? t.optional_type : t.type
    inner.nil? ? 1 : wrong(inner, depth + 1)
  when T::PStringType, T::PEnumType, T::PPatternType then pick([1, 'bogus-value', true, ['x'], 'yes'])
  when T::PIntegerType then pick(['80', 1.5, -(2**40), 2**40, 'x', nil])
  when T::PFloatType then pick(['1.5', 'x'])
  when T::PBooleanType then pick(['yes', 'true', 1, 'on'])
  when T::PArrayType
    base = Array(sample(t, depth + 1))
    if depth < 4 && RNG.rand(3).positive?
      base + [wrong(t.element_type || T::PIntegerType::DEFAULT, depth + 1)]
    else
      pick(['x', { 'a' => 1 }])
    end
  when T::PStructType
    h = sample(t, depth + 1)
    h = {} unless h.is_a?(Hash)
    case RNG.rand(3)
    when 0 then h.merge('no_such_key' => 1)
    when 1
      e = t.elements.find { |x| !x.key_type.is_a?(T::POptionalType) }
      e ? h.tap { |x| x.delete(e.name) } : h.merge('extra' => 1)
    else
      e = t.elements.first
      e ? h.merge(e.name => wrong(e.value_type, depth + 1)) : { 'x' => 1 }
    end
  when T::PHashType
    v = t.value_type || T::PIntegerType::DEFAULT
    { hash_key(t.key_type, depth) => wrong(v, depth + 1) }
  when T::PVariantType then pick([{ 'deep' => [nil, 'x'] }, 3.5, 'no-such-thing', [1, [2]]])
  else pick(POOL)
  end
end

# Classes and their typed parameters: [[class, param, type], ...].
def parameters(env)
  rows = []
  env.modules.sort_by(&:name).each do |mod|
    dir = File.join(mod.path, 'manifests')
    Dir.glob('**/*.pp', base: dir).sort.each do |f|
      name = f == 'init.pp' ? mod.name : "#{mod.name}::#{f.delete_suffix('.pp').gsub('/', '::')}"
      klass = begin
        env.known_resource_types.find_hostclass(name)
      rescue StandardError
        nil
      end
      next unless klass

      klass.arguments.each_key do |param|
        rows << [name, param, klass.argument_types[param] || T::PAnyType::DEFAULT]
      end
    end
  end
  rows
end

env = Puppet::Node::Environment.create(:gen, options[:modulepath].split(':'))
compiler = Puppet::Parser::Compiler.new(Puppet::Node.new('gen', environment: env))
rows = Puppet.override(current_environment: env, loaders: compiler.loaders, global_scope: compiler.topscope) do
  parameters(env)
end
rows = rows.shuffle(random: RNG).first(options[:keys]).sort_by { |c, p, _| [c, p] } if options[:keys]

FileUtils.mkdir_p(options[:out])
options[:files].times do |i|
  data = {}
  rows.each_with_index do |(klass, param, type), j|
    value = case (i + j) % 4
            when 0 then sample(type)
            when 1, 2 then wrong(type)
            else pick(POOL)
            end
    key = "#{klass}::#{param}"
    if ((i * 7) + j) % 97 == 0
      key = "#{klass}::#{param}x" # an unknown parameter, close to a real one
    elsif ((i * 5) + j) % 193 == 0
      key = "#{klass}s::#{param}" # an unknown class
    end
    data[key] = value
  end
  File.write(File.join(options[:out], format('data_%02d.yaml', i)), data.to_yaml)
end
warn "gen_hiera_data: #{rows.size} parameters, #{options[:files]} files in #{options[:out]}"
