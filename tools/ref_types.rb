#!/usr/bin/env ruby
# Generates tests/fixtures/types/canonical.tsv: for a large generated set of
# type strings, what the reference (Puppet 7.23) TypeParser gives with an
# environment loader: the canonical text (`to_s`) or the error class and message.
#
# Columns (tab separated, with \\ \t \n escaped): input, status (ok|error),
# expected text or error class, error message (first line), note.
# Note `resource`: the input is a resource type shorthand for a name Puppet
# does not know (`Foo::Bar['x']`); the reference TypeParser gives a
# TypeReference there, while the language (and this gem) treats it as
# `Resource['foo::bar', 'x']`, so the expected row is the reference's answer
# for that explicit Resource form.
#
# Usage: ruby tools/ref_types.rb > tests/fixtures/types/canonical.tsv
require 'puppet'

Puppet.initialize_settings(['--confdir', '/tmp/pconf', '--vardir', '/tmp/pvar'])
env = Puppet::Node::Environment.create(:testing, [])
loaders = Puppet::Pops::Loaders.new(env)
TP = Puppet::Pops::Types::TypeParser.singleton

def esc(s)
  s.to_s.gsub('\\', '\\\\\\\\').gsub("\t", '\\t').gsub("\n", '\\n')
end

cases = []
add = ->(*xs) { xs.flatten.each { |x| cases << [x, nil, nil] } }

simple = %w[Any Undef Default Data RichData ScalarData Scalar Numeric Integer Float String Enum Pattern
            Boolean Regexp SemVer SemVerRange Timespan Timestamp Binary URI Array Hash Struct Tuple
            Collection Variant Optional NotUndef Iterable Iterator CatalogEntry Resource Class Type
            Callable Sensitive Runtime Init Object TypeSet Deferred]
add.(simple)
add.(simple.map { |n| n.upcase })
add.(simple.map { |n| "#{n}[1]" })
add.(simple.map { |n| "#{n}['a']" })
add.(simple.map { |n| "#{n}[Integer]" })
add.(simple.map { |n| "#{n}[default]" })
add.(simple.map { |n| "#{n}[Integer, String]" })
add.(simple.map { |n| "::#{n}" })

ints = ['1', '0', '-1', '10', 'default', '0x10', '010', '9223372036854775807', '-9223372036854775808']
ints.product(ints).each { |a, b| add.("Integer[#{a}, #{b}]") }
ints.each { |a| add.("Integer[#{a}]") }
floats = ['1', '1.0', '-1.5', '0.0001', '0.00001', '1e15', '1e14', '1.5e300', 'default', '123456789.123', '2']
floats.product(floats).each { |a, b| add.("Float[#{a}, #{b}]") }
floats.each { |a| add.("Float[#{a}]") }
sizes = ['0', '1', '2', '-1', 'default', '10']
sizes.product(sizes).each do |a, b|
  add.("String[#{a}, #{b}]", "Collection[#{a}, #{b}]", "Array[Integer, #{a}, #{b}]",
       "Hash[String, Integer, #{a}, #{b}]", "Tuple[Integer, String, #{a}, #{b}]",
       "Callable[Integer, #{a}, #{b}]", "Array[#{a}, #{b}]", "Hash[#{a}, #{b}]")
end
sizes.each { |a| add.("String[#{a}]", "Collection[#{a}]", "Array[Integer, #{a}]", "Hash[String, Integer, #{a}]", "Tuple[Integer, #{a}]", "Callable[#{a}]", "Array[#{a}]") }
['Integer[1,2]', 'Integer', 'Integer[-3,-1]', 'Integer[3]', 'Integer[default, 4]'].each do |r|
  add.("String[#{r}]", "Collection[#{r}]", "Array[String, #{r}]", "Hash[String, String, #{r}]")
end

base = ['Integer', 'String', 'Integer[1, 2]', 'Float[1.5]', 'Boolean', 'Undef', 'Any', 'Data', 'Scalar',
        "Enum['a', 'b']", 'Pattern[/x/]', 'Optional[String]', 'Array[String]', 'Hash[String, Integer]',
        'Variant[Integer, String]', 'NotUndef[Integer]', 'Default', 'Type[Integer]', 'Callable',
        'Struct[{a => Integer}]', 'Tuple[Integer, String]', 'Regexp', 'SemVer', 'Timespan', 'Sensitive[String]',
        'Iterable', 'Iterator[Integer]', 'Runtime[ruby, "Foo"]', 'Class[foo]', 'Resource[file]', 'File',
        'File["x"]', 'Notify', 'Exec["a b"]', 'Optional', 'NotUndef', 'RichData', 'Numeric', 'Binary', 'URI']
wrappers = ['Array[%s]', 'Hash[String, %s]', 'Hash[%s, %s]', 'Optional[%s]', 'NotUndef[%s]', 'Variant[%s]',
            'Variant[%s, Integer]', 'Variant[String, %s, %s]', 'Type[%s]', 'Iterable[%s]', 'Iterator[%s]',
            'Sensitive[%s]', 'Tuple[%s]', 'Tuple[%s, 1, 2]', 'Callable[%s]', 'Callable[[%s], %s]',
            'Struct[{a => %s}]', 'Struct[{Optional[a] => %s}]', 'Struct[{NotUndef[a] => %s}]',
            'Init[%s]', 'Array[%s, 1]', 'Hash[Integer, %s, 2, 3]', 'Collection[%s]']
base.each do |b|
  wrappers.each { |w| add.(w.gsub('%s', b)) }
end
base.each_slice(3) do |a, b, c|
  add.("Variant[#{a}, #{b}, #{c}]", "Tuple[#{a}, #{b}, #{c}]", "Struct[{a => #{a}, 'b c' => #{b}, Optional[d] => #{c}}]")
  add.("Array[Hash[String, Variant[#{a}, Array[#{b}]]]]", "Optional[Array[Optional[#{c}]]]")
end

strs = ["'a'", '"a b"', "'a\\'b'", '"c\\"d"', "'e\\nf'", '"g\\nh"', '"t\\tab"', "'back\\\\slash'", '"d$x"',
        '"\\u00e9"', "'é'", '"\\u0001"', "''", '"\\\\"', "'a\\\\'", '"cr\\r"', 'bare', 'bare-word', '"\\$x"']
strs.each do |s|
  add.("Enum[#{s}]", "Enum[#{s}, 'z']", "Optional[#{s}]", "NotUndef[#{s}]", "Struct[{#{s} => Integer}]",
       "Struct[{Optional[#{s}] => Integer}]", "Pattern[#{s}]", "Regexp[#{s}]", "Class[#{s}]", "Resource[file, #{s}]",
       "Runtime[ruby, #{s}]", "Init[String, #{s}]", "File[#{s}]")
end
add.("Enum[a, b, a]", "Enum[b, a]", "Enum[a, true]", "Enum[a, false]", "Enum[B, b, true]", "Enum[a, 1]",
     "Enum[true]", "Enum[a, true, true]", "Enum[Enum[a]]", "Enum[undef]", "Enum[default]", "Enum[a, A]")
regs = ['/a/', '/a\/b/', '/\n/', '/\d+/', '//', '/(?i)x/', '/[\/]/', '/a b/', '/\A[a-z].*\z/', '/é/']
regs.each { |r| add.("Pattern[#{r}]", "Regexp[#{r}]", "Pattern[#{r}, /z/]", "Runtime[ruby, [#{r}, 'X']]") }
add.("Pattern[/a/, /a/]", "Pattern[/a/, 'a']", "Pattern[Pattern[/a/, /b/], /c/]", "Pattern[Regexp[/b/], /c/]",
     "Pattern[Regexp]", "Pattern[Enum[a]]", "Pattern[1]", "Pattern[undef]", "Regexp[1]", "Regexp[/a/, /b/]")
add.("Boolean[true]", "Boolean[false]", "Boolean[1]", "Boolean[true, false]", "Boolean['true']")
tuples = ['Tuple[Integer, String, 1, default]', 'Tuple[1]', 'Tuple[1, 2]', 'Tuple[Integer, 1, 2, 3]',
          'Tuple[Integer, 0, 0]', 'Tuple[Integer, default, 3]', 'Tuple[Integer, 2, 1]', 'Tuple[Integer, Undef]',
          'Tuple[Integer, Integer[1,2]]', 'Tuple[0, 0]', 'Tuple[default]', 'Tuple[Integer, default]']
add.(tuples)
callables = ['Callable[String]', 'Callable[String, 1]', 'Callable[String, 0, default]',
             'Callable[String, default, default]', 'Callable[Integer, Callable[String]]',
             'Callable[Integer, Optional[Callable[String]]]', 'Callable[Callable[String]]',
             'Callable[Optional[Callable]]', 'Callable[[], Integer]', 'Callable[[String, Integer, 1, 2], Integer]',
             'Callable[[String, Callable], Integer]', 'Callable[[], Any]', 'Callable[Integer, Any]', 'Callable[0]',
             'Callable[default]', 'Callable[String, Integer, 2, 1]', 'Callable[[String, 1, 2, Callable], String]',
             'Callable[[Integer], Callable]', 'Callable[Integer, 1, 2, Optional[Callable], 3]',
             'Callable[Integer, Callable, Integer]', 'Callable[1, 2, 3]', 'Callable[Optional[Integer]]',
             'Callable[[String, Integer], Any]', 'Callable[[String], Optional[Integer]]', 'Callable[[String], 1]',
             'Callable[[String], Integer, 1]', 'Callable[String, default, 2]', 'Callable[0, 0]', 'Callable[1, 2]',
             'Callable[[String]]', "Callable['a']", 'Callable[Integer, Callable, Callable]',
             'Callable[[0, 0, Callable], Integer]', 'Callable[Callable, Callable]']
add.(callables)
add.('Struct[{a=>Integer, Optional[b]=>String, NotUndef[c]=>Optional[Integer], d=>Optional[String]}]',
     'Struct[{}]', 'Struct[{a=>1}]', 'Struct[{1=>Integer}]', 'Struct[{a=>Integer, a=>String}]', 'Struct[1]',
     'Struct[{a=>Integer}, 1]', 'Struct[{Optional[a]=>Optional[Integer]}]', 'Struct[{NotUndef[a]=>Integer}]',
     "Struct[{''=>Integer}]", 'Struct[{Optional[""]=>Integer}]', 'Struct[{a=>Undef}]', 'Struct[{a=>Any}]',
     'Struct[{a=>Data, b=>RichData, c=>Variant[Integer, Undef], d=>Any, Optional[e]=>Any, NotUndef[f]=>Any, NotUndef[g]=>Variant[Integer,Optional[String]], Optional[h]=>Init[Integer]}]',
     "Struct[{mode => Enum[read, write, update], path => Optional[String[1]], Optional[owner] => String[1]}]",
     "Struct[{mode => Enum[read, write, update], path => Optional[String[1]], NotUndef[owner] => Optional[String[1]]}]",
     'Struct[{a => Struct[{b => Struct[{c => Integer}]}]}]', 'Struct[{a => Optional[Data]}]',
     'Struct[{Optional[a] => Data}]', 'Struct[{NotUndef[a] => Data}]', 'Struct[{a => Undef, b => Optional[Undef]}]')
add.('Variant[Integer, Integer]', 'Variant[Integer, Variant[String, Float]]', 'Variant[Integer, Any]',
     'Variant[Integer, 1]', 'Variant[Default]', 'Variant[Integer, Integer[1,2], Integer]',
     'Variant[Variant[Integer, String], Variant[String, Integer]]', 'Variant[Optional[Integer], Undef]')
add.('Optional[Optional[Integer]]', 'Optional[Undef]', 'Optional[Any]', 'Optional[1]', 'Optional[Integer, String]',
     'NotUndef[Any]', 'NotUndef[Undef]', 'NotUndef[1]', 'Sensitive[Any]', 'Sensitive[1]', 'Type[Any]', 'Type[1]',
     'Type[Integer, String]', 'Iterable[Any]', 'Iterable[1]', 'Iterator[Any]', 'Init[Integer, 1]',
     'Init[Integer, 1, 2]', "Init[String, 'a']", 'Init[1]', 'Init[Init[Integer]]', 'Init[Integer, [1, 2]]')
add.("Runtime[ruby, 'Foo::Bar']", "Runtime['ruby', 'x']", 'Runtime[ruby, 1]', "Runtime[java, 'X']",
     'Runtime[ruby]', "Runtime[ruby, [/a/, 'b']]")
add.('Class[foo]', 'Class[foo, bar]', "Class['::foo']", "Class['']", 'Class[foo::bar]', "Class['Foo']",
     'Resource[file, a]', 'Resource[foo]', "Resource[Foo::Bar, 'x']", "Resource['foo::bar']", 'Resource[foo, a, b]',
     "Resource['']", "Resource[File, '']", "Resource['::file']", "Resource[File['a']]", 'Resource[File]',
     'Resource[Resource]', 'Resource[1]', "File['a']", "File[a, b]", 'Notify', "Notify['x']", 'Exec', 'File',
     "Service['a']", "Package[x]", "User['root']", 'Group', 'Cron', 'Host', 'Tidy', 'Schedule', 'Filebucket')
add.('Timespan[1]', 'Timespan[1.5]', 'Timespan[default, 2]', "Timespan['1-00:00:00']", 'Timespan[2, 1]',
     'Timespan[1, 2]', "Timespan['x']", 'Timespan[{hours => 1}]', 'Timespan[-1]', "Timespan['00:01:00']",
     "Timespan['1-02:03:04.5']", 'Timespan[86400]', 'Timespan[0.001]', 'Timespan[1, 1]', 'Timespan[1, 2, 3]')
add.('Timestamp[1]', 'Timestamp[1, 2]', 'Timestamp[2, 1]', 'Timestamp[1.5]', "Timestamp['2020-01-01']",
     "Timestamp[default, '2020-01-01T00:00:00Z']", "Timestamp['2020-01-01T10:00:00+02:00']", "Timestamp['x']",
     'Timestamp[0]', 'Timestamp[-1]', 'Timestamp[1577836800]', "Timestamp['2020-02-29 12:34:56']")
add.("SemVer['1.0.0']", "SemVer['>=1.0.0 <2.0.0']", "SemVer['>=1.0.0 <2.0.0', '>=3.0.0 <4.0.0']",
     "SemVer['~1.2']", "SemVer['1.x']", "SemVer['*']", "SemVer['>= 1.0.0 < 2.0.0']", "SemVer['1.0.0 - 2.0.0']",
     "SemVer['^1.2.3']", "SemVer['>=1.0.0 <2.0.0 || >=3.0.0']", "SemVer['x']", "SemVer['1.0.0', '1.0.0']",
     "SemVer['>=1.0.0 <4.0.0', '>=2.0.0']", "SemVer['>=1.0.0 <2.0.0', '>=2.0.0 <4.0.0']", "SemVer['nonsense!']")
add.("URI['http://x']", "URI[{scheme=>'http'}]", "URI['http://user@host:8080/path?q=1#frag']", "URI['mailto:x@y']",
     "URI[{scheme=>'http', host=>'x', port=>80}]", "URI[{scheme=>/h.*/}]", "URI[{scheme=>Enum[http,https]}]",
     "URI[{foo=>'x'}]", "URI['http://x', 'y']", "URI[{path=>undef}]", "URI['https://example.com/']",
     "URI['file:///etc/hosts']", "URI['http://[::1]:80/']")
add.('Object[{name => "Foo"}]', 'TypeSet[{}]')
add.('Integer[', 'Array[Array[', 'Integer[1,]', 'Integer[1,,2]', '1', 'Integer 1', '$x', 'Integer[$x]', 'foo',
     'foo::bar', 'Integer[1.5]', 'Integer[]', 'Enum[]', 'Variant[]', '[Integer]', '{a=>Integer}', 'Integer, String',
     'Integer String', 'Integer + 1', 'Integer[1+1]', 'Integer[-1]', 'Integer[- 1]', '"Integer"', 'undef',
     'default', 'Integer[undef]', 'Array[undef]', 'Array[Integer][1]', 'File["a"]["b"]', 'Integer::Foo',
     'Integer[1]]', ']', 'Integer[1', 'Integer)', 'Array[Integer,]', "Integer #comment", 'Integer[1,10]   ',
     "  Integer", "Integer\n[1]", "Array[\n  Integer,\n  1\n]", '', ' ', 'Integer[1 2]', 'Integer[(1)]',
     'Array[Integer[1,2], 3]', 'Hash[String, Integer, Integer[1,2]]', 'Integer[0x1f]', 'Integer[1e3]')

# Every type expression found in the seeds (type system and flexible types),
# when the seeds are at hand: capitalised names with balanced [...] parameters.
seed_dir = ENV['SEEDS'] || '/work/shared/seeds'
Dir.glob(File.join(seed_dir, '00[01]_*.txt')).sort.each do |f|
  text = File.read(f)
  text.scan(/(?<![A-Za-z0-9_:$])(?:::)?[A-Z][A-Za-z0-9_]*(?:::[A-Z][A-Za-z0-9_]*)*/) do
    m = Regexp.last_match
    start = m.begin(0)
    stop = m.end(0)
    if text[stop] == '['
      depth = 0
      i = stop
      while i < text.size
        c = text[i]
        depth += 1 if c == '['
        depth -= 1 if c == ']'
        break if depth.zero? || c == "\n" && text[i + 1] == "\n"
        i += 1
      end
      next unless depth.zero?
      stop = i + 1
    end
    candidate = text[start...stop]
    next if candidate.include?("\n\n") || candidate.size > 300
    add.(candidate.gsub(/\s*\n\s*/, ' '))
  end
end

unknown = ['Foo', 'Foo::Bar', 'Mymod::Thing', 'A::B::C']
resource_cases = []
unknown.each do |u|
  resource_cases << [u, "Resource['#{u.downcase}']"]
  resource_cases << ["#{u}['x']", "Resource['#{u.downcase}', 'x']"]
  resource_cases << ["Array[#{u}]", "Array[Resource['#{u.downcase}']]"]
  resource_cases << ["Type[#{u}['a b']]", "Type[Resource['#{u.downcase}', 'a b']]"]
end

seen = {}
Puppet.override(loaders: loaders, current_environment: env) do
  loader = loaders.private_environment_loader
  run = lambda do |input, ref_input, note|
    return if seen[input]
    seen[input] = true
    begin
      t = TP.parse(ref_input, loader)
      puts [esc(input), 'ok', esc(t.to_s), '', note].join("\t")
    rescue Exception => e
      msg = e.message.lines.first.to_s.chomp.gsub(/0x\h{8,}/, '0x?')
      puts [esc(input), 'error', e.class.name, esc(msg), note].join("\t")
    end
  end
  cases.each { |c, _, _| run.(c, c, '') }
  resource_cases.each { |input, ref| run.(input, ref, 'resource') }
end

# Second fixture: the type aliases of real modules. tests/fixtures/types/modules
# holds the `types/**/*.pp` files of the Debian-packaged modules
# (/usr/share/puppet/modules.available, `apt-get install puppet-module-*`),
# copied under their short module names. For each alias, what the reference
# prints for the alias name and for its resolved type goes to
# tests/fixtures/types/aliases.tsv: name, to_s, resolved_type.to_s.
modules = File.expand_path(File.join(__dir__, '..', 'tests', 'fixtures', 'types', 'modules'))
if File.directory?(modules)
  env2 = Puppet::Node::Environment.create(:mods, [modules])
  loaders2 = Puppet::Pops::Loaders.new(env2)
  out = File.open(File.join(modules, '..', 'aliases.tsv'), 'w')
  Puppet.override(loaders: loaders2, current_environment: env2) do
    loader = loaders2.private_environment_loader
    Dir.glob(File.join(modules, '*', 'types', '**', '*.pp')).sort.each do |f|
      name = File.read(f)[/^\s*type\s+([A-Z][\w:]*)\s*=/, 1]
      next unless name
      begin
        t = TP.parse(name, loader)
        resolved = t.respond_to?(:resolved_type) ? t.resolved_type.to_s : ''
        out.puts [esc(name), esc(t.to_s), esc(resolved)].join("\t")
      rescue Exception => e
        out.puts [esc(name), 'error', esc("#{e.class}: #{e.message.lines.first.to_s.chomp}")].join("\t")
      end
    end
  end
  out.close
end

# Third fixture: alias normalisation. Each body below becomes an alias in a
# temporary module; the reference's resolved (normalised) type text goes to
# tests/fixtures/types/normalize.tsv: body, resolved_type.to_s.
NORMALIZE_BODIES = <<~'BODIES'.lines.map(&:chomp).reject(&:empty?)
  Variant[Pattern[/a/], Pattern[/b/]]
  Variant[Enum[a], Enum[b]]
  Variant[Enum[a], Pattern[/b/]]
  Variant[Integer[1,2], Integer[3,4]]
  Variant[Integer[1,2], Integer[2,4]]
  Variant[Integer[1,2], Integer[3,4], String]
  Variant[Float[1,2], Float[1.5,4]]
  Variant[Optional[Integer], String]
  Variant[Undef, Integer]
  Variant[Integer, Any]
  Variant[Integer, String, Integer]
  Optional[Optional[Integer]]
  Optional[Undef]
  NotUndef[Optional[Integer]]
  Array[Variant[Pattern[/a/], Pattern[/b/]]]
  Variant[String[1], String[5,10]]
  Variant[Enum[a], String]
  Variant[Boolean[true], Boolean[false]]
  Variant[Array[Integer], Array[String]]
  Variant[Timespan[1,2], Timespan[2,3]]
  Variant[Integer, Variant[String, Variant[Integer, Float]]]
  Variant[Enum[a,b,true], Enum[c]]
  Variant[Numeric, Integer]
  Variant[Optional[String], Undef]
  Variant[NotUndef[String], Undef]
  Struct[{a => Variant[Enum[a], Enum[b]]}]
  Optional[Variant[Enum[a], Enum[b]]]
  Variant[Pattern[/a/], Enum[a]]
  Variant[Default, Integer]
  Variant[Integer[1,2], Integer[4,5]]
  Variant[Integer[1,2], Integer[3,5], Integer[7,8]]
  Variant[Enum[b], Enum[a, b]]
  Variant[Integer[default, 2], Integer[3]]
  Variant[Type[Integer], Type[String]]
  Variant[Tuple[Integer], Tuple[String]]
  Variant[Sensitive[Integer], Sensitive[String]]
  Variant[Float, Integer]
  Variant[Optional[Integer], Optional[String]]
  Variant[Regexp[/a/], Regexp[/b/]]
  Variant[String, Integer[1,2], Integer[3,4]]
  Variant[String, Integer[1,2], Boolean, Integer[3,4]]
  Variant[Enum[a], String, Enum[b]]
  Variant[String, Enum[a], Integer, Enum[b]]
  Variant[Pattern[/a/], String, Pattern[/b/]]
  Variant[Integer[1,2], String, Integer[3,4], Enum[a], Enum[b]]
  Variant[Integer, Undef, String]
  Variant[String, Optional[Integer]]
  Variant[Integer[1,2], Integer[5,6], Integer[3,4]]
  Variant[Integer[5,6], Integer[1,2], Integer[3,4]]
  Variant[Float[1,2], String, Float[3,4], Float[2,3]]
  Variant[Integer[1,2], Float[1,2]]
  Variant[Enum[a], Enum[b], Pattern[/c/], Pattern[/d/]]
  Variant[Pattern[/c/], Enum[a], Pattern[/d/], Enum[b]]
  Optional[NotUndef[Integer]]
  NotUndef[NotUndef[Integer]]
  NotUndef[Undef]
  Variant[Integer]
  Array[Optional[Optional[Integer]]]
  Hash[Variant[Enum[a],Enum[b]], Optional[Optional[String]]]
  Variant[Data, Undef]
  Type[Optional[Optional[Integer]]]
  Callable[Optional[Optional[Integer]]]
  Tuple[Optional[Optional[Integer]]]
  Variant[Integer[1,2], Integer[2,3]]
  Variant[SemVer['1.0.0'], SemVer['2.0.0']]
  Variant[Undef]
  Variant[Optional[Undef], Undef]
  Optional[Variant[Integer, Undef]]
  Struct[{a => Optional[Optional[Integer]], Optional[b] => Variant[Undef, String]}]
  Variant[Integer[0, default], Integer[default, -1]]
  Variant[Float[default, 1.5], Float[1.0]]
BODIES
require 'tmpdir'
Dir.mktmpdir do |mp|
  types = File.join(mp, 'normtest', 'types')
  FileUtils.mkdir_p(types)
  NORMALIZE_BODIES.each_with_index { |b, i| File.write(File.join(types, "t#{i}.pp"), "type Normtest::T#{i} = #{b}\n") }
  env3 = Puppet::Node::Environment.create(:norm, [mp])
  loaders3 = Puppet::Pops::Loaders.new(env3)
  File.open(File.join(__dir__, '..', 'tests', 'fixtures', 'types', 'normalize.tsv'), 'w') do |out|
    Puppet.override(loaders: loaders3, current_environment: env3) do
      loader = loaders3.private_environment_loader
      NORMALIZE_BODIES.each_with_index do |b, i|
        begin
          out.puts [esc(b), esc(TP.parse("Normtest::T#{i}", loader).resolved_type.to_s)].join("\t")
        rescue Exception => e
          out.puts [esc(b), esc("error #{e.class}: #{e.message.lines.first.to_s.chomp}")].join("\t")
        end
      end
    end
  end
end

# Fourth fixture: type equality (`==`) for pairs of type strings, to
# tests/fixtures/types/equality.tsv: a, b, true|false.
EQUALITY_PAIRS = [
  ['Variant[Integer, String]', 'Variant[String, Integer]'], ['Pattern[/a/, /b/]', 'Pattern[/b/, /a/]'],
  ['Struct[{a=>Integer,b=>String}]', 'Struct[{b=>String,a=>Integer}]'], ['Enum[a,b]', 'Enum[b,a]'],
  ['Enum[a,b,a]', 'Enum[a,b]'], ['Enum[a,b,true]', 'Enum[a,b]'], ['Struct', 'Struct[{}]'],
  ['Tuple[Integer]', 'Tuple[Integer,1,1]'], ['Array[Integer,0]', 'Array[Integer]'], ['String[0]', 'String'],
  ['Integer[default,default]', 'Integer'], ['Integer[1]', 'Integer[1, default]'], ['Callable[0,0]', 'Callable[[],Any]'],
  ['Optional', 'Optional[Any]'], ['Hash[String,Integer,0]', 'Hash[String,Integer]'], ['Collection[0]', 'Collection'],
  ['Sensitive[Any]', 'Sensitive'], ['Type[Any]', 'Type'], ['Iterable[Any]', 'Iterable'], ['NotUndef[Any]', 'NotUndef'],
  ['Runtime[ruby,"a"]', 'Runtime["ruby","a"]'], ['SemVer[">=1.0.0"]', 'SemVer[">= 1.0.0"]'], ['Array[Any]', 'Array'],
  ['Hash[Any, Any]', 'Hash'], ['Variant[Integer]', 'Integer'], ['Variant[Integer, Integer]', 'Integer'],
  ['Float[1]', 'Float[1.0]'], ['Array[Integer, 0, 0]', 'Array[String, 0, 0]'], ['Hash[0, 0]', 'Hash[String, Integer, 0, 0]'],
  ['Pattern[/a/]', "Pattern['a']"], ['Regexp[/a/]', "Regexp['a']"], ['Optional[a]', "Optional['a']"],
  ['Resource[file]', 'File'], ["Resource[file, 'x']", "File['x']"], ['Class[foo]', "Class['::foo']"],
  ['Data', 'Data'], ['Data', 'Variant[ScalarData, Undef, Hash[String, Data], Array[Data]]'],
  ['Sensitive[Integer[1,2]]', 'Sensitive[Integer]'], ['Timespan[1, 1]', 'Timespan[1]'], ['Integer[1, 1]', 'Integer[1]'],
  ['Variant[Integer, String, Float]', 'Variant[Float, Integer, String]'], ['Pattern[/a/, /b/, /a/]', 'Pattern[/b/, /a/]'],
  ['Tuple[Integer, String]', 'Tuple[String, Integer]'], ['Callable[Integer]', 'Callable[[Integer], Any]'],
  ['Struct[{a=>Optional[Integer]}]', 'Struct[{Optional[a]=>Optional[Integer]}]'],
  ['Struct[{NotUndef[a]=>Integer}]', 'Struct[{a=>Integer}]'], ['URI["http://x"]', 'URI[{scheme => "http", host => "x"}]'],
  ['Init[Integer]', 'Init[Integer]'], ['Boolean[true]', 'Boolean'], ['Iterator[Integer]', 'Iterator[Integer]']
]
Puppet.override(loaders: loaders, current_environment: env) do
  loader = loaders.private_environment_loader
  File.open(File.join(__dir__, '..', 'tests', 'fixtures', 'types', 'equality.tsv'), 'w') do |out|
    EQUALITY_PAIRS.each do |a, b|
      out.puts [esc(a), esc(b), (TP.parse(a, loader) == TP.parse(b, loader)).to_s].join("\t")
    end
  end
end
