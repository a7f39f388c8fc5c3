#!/usr/bin/env ruby
# frozen_string_literal: true

# Generates the type-calculator conformance fixtures under tests/fixtures/calc/
# by asking the reference (Puppet 7.23) about a cross product of types and
# values. Run from the repository root:  ruby tools/ref_calc.rb
#
# Files written (tab separated, one case per line):
#   aliases.txt     alias definitions available to every type string (NAME = TYPE)
#   types.txt       the type strings, in order (row/column index = line number)
#   values.txt      SOURCE <TAB> WIRE  (Puppet source of the value, and its wire form)
#   instance.txt    TYPE <TAB> one char per value: 1 instance, 0 not, E error
#   assignable.txt  TYPE <TAB> one char per type (column): 1 assignable, 0 not, E error
#   infer.txt       SOURCE <TAB> infer <TAB> infer_set <TAB> generalize(infer) <TAB> generalize(infer_set)
#   generalize.txt  TYPE <TAB> generalize(TYPE)
#   common.txt      A <TAB> B <TAB> common_type(A, B)
#   describe.txt    TYPE <TAB> SOURCE <TAB> describe_mismatch('', TYPE, infer_set(value)), non-empty ones, with \\ and newlines escaped as \\\\ and \\n
#
# The wire form is a prefix notation with hex-encoded text so that the Rust
# side can rebuild the value without a Puppet evaluator:
#   u  d  t  f  i:INT  x:F64BITS(hex)  s:HEX  r:HEX  a:N ITEMS...  h:N K V...
#   sv:HEX(version text)  svr:HEX(range text)  ts:NANOS  tm:NANOS  b:HEX(bytes)
#   uri:P1,P2,...,P8 (scheme userinfo host port path query fragment opaque; '-' absent)
#   sen VALUE   ty:HEX(type text)   def:HEX(name) VALUE(arguments or u)

require 'puppet'
require 'puppet_pal'

Puppet.initialize_settings(['--vardir', '/tmp/ref_calc/var', '--confdir', '/tmp/ref_calc/conf',
                            '--codedir', '/tmp/ref_calc/code'])

OUT = File.expand_path('../tests/fixtures/calc', __dir__)

ALIASES = [
  'IntegerTree = Array[Variant[Integer, IntegerTree]]',
  'Port = Integer[0, 65535]',
  'MyData = Variant[ScalarData, Undef, Hash[String, MyData], Array[MyData]]',
  'Service = Struct[{name => String[1], port => Port, tags => Array[String]}]',
  'Mode = Enum[read, write, update]',
].freeze

TYPES = <<~'TYPES'.lines.map(&:strip).reject(&:empty?)
  Any
  Undef
  Default
  NotUndef
  NotUndef[String]
  NotUndef[Optional[String]]
  NotUndef[Data]
  Optional[String]
  Optional['present']
  Optional[Array[Integer[0, 10]]]
  Optional[Optional[Integer]]
  Optional[NotUndef[Integer]]
  Scalar
  ScalarData
  Numeric
  Integer
  Integer[0]
  Integer[0, default]
  Integer[1, 10]
  Integer[2, 3]
  Integer[0, 5]
  Integer[default, 0]
  Integer[default, -1]
  Integer[-5, 5]
  Integer[0, 65535]
  Integer[1, 1]
  Float
  Float[0.0, 1.0]
  Float[1]
  Float[-1.5, 2.5]
  Float[3.14, 3.14]
  String
  String[1]
  String[1, 2]
  String[0, 0]
  String[3, 3]
  String[3]
  String[0, 5]
  Enum[a, b]
  Enum['stopped', 'running']
  Enum['true', 'false']
  Enum[read, write, update]
  Enum[abc]
  Enum[a, b, true]
  Pattern[/\A[a-z].*/]
  Pattern[/\A[a-z].*/, /\ANone\Z/]
  Pattern[/a/]
  Pattern['^x']
  Pattern[/b/, /c/]
  Boolean
  Boolean[true]
  Boolean[false]
  Regexp
  Regexp[/ab+/]
  Regexp['a.c']
  SemVer
  SemVer['>=1.0.0 <2.0.0']
  SemVer['> 1.0.0 < 2.0.0']
  SemVer['>=1.0.0 <2.0.0', '>=3.0.0 <4.0.0']
  SemVer['>=1.0.0 <3.0.0', '>=2.0.0 <4.0.0']
  SemVer['1.2.3']
  SemVerRange
  Timespan
  Timespan[0, 3600]
  Timespan[10]
  Timespan[default, 60]
  Timestamp
  Timestamp['2000-01-01T00:00:00.000 UTC']
  Timestamp[default, '2010-01-01T00:00:00.000 UTC']
  Binary
  URI
  URI['http://example.com']
  URI[{scheme => Enum[http, https, true], query => Undef, fragment => Undef}]
  URI[{host => NotUndef, path => NotUndef}]
  URI[{path => /^\//}]
  URI[{path => /^[^\/]/}]
  URI[{port => Integer[80, 80]}]
  URI[{scheme => 'HTTP'}]
  Collection
  Collection[1, 3]
  Collection[3]
  Collection[0, 0]
  Array
  Array[Integer]
  Array[String, 1]
  Array[Any, 0, 0]
  Array[Integer, 2, 2]
  Array[Data]
  Array[Scalar]
  Array[Variant[Integer[1000, 1999], Integer[10000, default]]]
  Array[Pattern[/a/]]
  Array[Optional[Integer]]
  Array[String]
  Array[Numeric, 1, 3]
  Array[Array[Integer]]
  Hash
  Hash[String, Integer]
  Hash[String, Data]
  Hash[Integer, String]
  Hash[String, Any, 1]
  Hash[Any, Any, 0, 0]
  Hash[Scalar, Scalar]
  Hash[String, String, 1, 2]
  Hash[Enum[a, b], Integer]
  Struct
  Struct[{mode => Enum[read, write, update], path => String[1]}]
  Struct[{mode => Enum[read, write, update], path => Optional[String[1]]}]
  Struct[{mode => Enum[read, write, update], path => Optional[String[1]], Optional[owner] => String[1]}]
  Struct[{mode => Enum[read, write, update], path => Optional[String[1]], NotUndef[owner] => Optional[String[1]]}]
  Struct[{article => Data}]
  Struct[{article => NotUndef[Data]}]
  Struct[{NotUndef[article] => Data}]
  Struct[{Optional[article] => NotUndef[Data]}]
  Struct[{a => Integer}]
  Struct[{a => Integer, Optional[b] => String}]
  Struct[{a => Integer[1, 1], b => String}]
  Struct[{name => String[1], port => Integer[0, 65535], tags => Array[String]}]
  Struct[{a => Undef}]
  Struct[{a => Array[Integer]}]
  Tuple
  Tuple[String, Integer]
  Tuple[String, Integer, 1]
  Tuple[String, Integer, 0]
  Tuple[String, Integer, 0, 2]
  Tuple[String, Integer, 4]
  Tuple[String, Integer, 5]
  Tuple[String, Integer, 1, 4]
  Tuple[String, Integer, 1, default]
  Tuple[Integer, 5, 5]
  Tuple[Any, Any]
  Tuple[Integer, 0, 1]
  Tuple[Integer]
  Tuple[Integer, Integer]
  Tuple[Numeric, String, 1, 3]
  Variant[Integer, Float]
  Variant[Enum['true', 'false'], Boolean]
  Variant[String, Array[String]]
  Variant[Undef, Integer]
  Variant[Integer, String]
  Variant[Integer[1, 5], Integer[3, 10]]
  Variant[Hash, Array]
  Variant[Struct[{a => Integer}], Struct[{b => String}]]
  Iterable
  Iterable[Integer]
  Iterable[String]
  Iterable[Tuple[String, Integer]]
  Iterator
  Iterator[Integer]
  Type
  Type[Integer]
  Type[Integer[1, 5]]
  Type[Enum[a, b]]
  Type[Any]
  Type[Type]
  Type[String]
  Callable
  Callable[String]
  Callable[Scalar]
  Callable[Numeric]
  Callable[0, 0]
  Callable[Integer, Integer]
  Callable[[Integer, 2, 2], Float]
  Callable[Integer, Callable[Integer]]
  Callable[Any]
  CatalogEntry
  Resource
  Resource[File]
  Resource[File, '/tmp/x']
  Resource[file]
  Resource[File, '/tmp/y']
  Class
  Class[foo]
  Class[bar]
  Runtime
  Runtime[ruby, 'Symbol']
  Sensitive
  Sensitive[String]
  Sensitive[Integer]
  Deferred
  Object
  Data
  RichData
  IntegerTree
  Port
  Array[Port]
  MyData
  Service
  Array[Service]
  Mode
  Optional[Mode]
  Hash[String, Port]
  Variant
  Optional
  Enum
  Pattern
  Init
  Init[Integer]
  Init[String]
  Init[Boolean]
  Callable[[String, Integer], Any]
  Callable[String, Optional[Callable]]
  Iterable[Any]
  Iterable[Scalar]
  Type[Collection]
  Type[Variant[Integer, String]]
  Collection[2]
  Array[Any, 1]
  Tuple[Any, 0, default]
  Hash[Any, Any, 1]
  Struct[{}]
  NotUndef[Variant[Undef, Integer]]
  Optional[Variant[Undef, Integer]]
  Variant[Integer[1, 2], Integer[3, 4]]
  Variant[Enum[a], Enum[b], String]
  Runtime[ruby, 'Symbol']
  Sensitive[Any]
  RichDataKey
TYPES

VALUES = <<~'VALUES'.lines.map(&:strip).reject(&:empty?)
  undef
  default
  true
  false
  0
  1
  -1
  2
  5
  10
  11
  80
  443
  65535
  65536
  1000
  10000
  9223372036854775807
  -9223372036854775807
  1.0
  0.5
  -1.5
  3.14
  1e10
  0.0
  ''
  'a'
  'x'
  'abc'
  'read'
  'write'
  'present'
  'None'
  'true'
  'false'
  'TRUE'
  'stopped'
  'héllo'
  '/tmp/x'
  'http://example.com'
  'bcd'
  []
  [1]
  [1, 2]
  [1, 2, 3]
  [1, 2, 3, 4, 5]
  ['a']
  ['a', 1]
  ['a', 1, 2, 3]
  ['a', 'b', 'c']
  [1, 'a', true]
  [[1], [2]]
  [1, [2, [3]]]
  [undef]
  [1000, 10000]
  [1.5, 2]
  ['abc', 'x']
  [1, 'x']
  {}
  {'a' => 1}
  {'a' => 1, 'b' => 'x'}
  {'b' => 'x'}
  {'a' => undef}
  {'mode' => 'read', 'path' => '/etc/fstab'}
  {'mode' => 'read'}
  {'mode' => 'read', 'path' => ''}
  {'mode' => 'read', 'path' => '/x', 'owner' => 'root'}
  {'mode' => 'read', 'path' => '/x', 'owner' => undef}
  {'mode' => 'exec', 'path' => '/x'}
  {'article' => undef}
  {'article' => 'x'}
  {'name' => 'web', 'port' => 80, 'tags' => ['a']}
  {'name' => 'web', 'port' => 80}
  {'name' => '', 'port' => 80, 'tags' => []}
  {'name' => 'db', 'port' => 70000, 'tags' => []}
  {1 => 'a'}
  {'a' => [1, 2]}
  {'a' => {'b' => undef}}
  {'a' => 'x', 'b' => 'y'}
  /ab+/
  /a.c/
  SemVer('1.2.3')
  SemVer('2.3.4')
  SemVer('3.0.0')
  SemVer('2.5.0')
  SemVer('1.5.0-rc1')
  SemVerRange('>=1.0.0 <2.0.0')
  Timespan(3600)
  Timespan(10)
  Timespan(7200.5)
  Timestamp('2016-09-06T08:34:59.000 UTC')
  Timestamp('1999-01-01T00:00:00.000 UTC')
  Binary('YWJj')
  URI('http://example.com/a/b')
  URI('http://example.com/a/b?x=y')
  URI('http://example.com/a/b#l22')
  URI('http://example.com')
  URI('file:///etc/passwd')
  URI('/a/b')
  URI('a/b')
  URI('urn:a:b:c')
  URI('https://bob:pwd@www.example.com:23/a/b?x=2#frag')
  Sensitive('secret')
  Sensitive(42)
  Integer
  Integer[1, 5]
  String
  Enum[a, b]
  Type[Integer]
  Array[String]
  Deferred('f', [1])
  [undef, 1]
  [[1, 2], [3]]
  [SemVer('1.0.0'), 1]
  {'a' => Sensitive(1)}
VALUES

def hex(s)
  s.to_s.unpack1('H*')
end

def wire(v)
  case v
  when nil then 'u'
  when :default then 'd'
  when true then 't'
  when false then 'f'
  when Integer then "i:#{v}"
  when Float then "x:#{[v].pack('G').unpack1('H*')}"
  when String then "s:#{hex(v)}"
  when Regexp then "r:#{hex(v.source)}"
  when Array then (["a:#{v.size}"] + v.map { |e| wire(e) }).join(' ')
  when Hash then (["h:#{v.size}"] + v.flat_map { |k, e| [wire(k), wire(e)] }).join(' ')
  when SemanticPuppet::Version then "sv:#{hex(v.to_s)}"
  when SemanticPuppet::VersionRange then "svr:#{hex(v.to_s)}"
  when Puppet::Pops::Time::Timespan then "ts:#{v.nsecs}"
  when Puppet::Pops::Time::Timestamp then "tm:#{v.nsecs}"
  when Puppet::Pops::Types::PBinaryType::Binary then "b:#{hex(v.binary_buffer)}"
  when URI
    parts = [v.scheme, v.userinfo, v.host, v.port == v.default_port ? nil : v.port, v.path, v.query, v.fragment, v.opaque]
    'uri:' + parts.map { |p| p.nil? ? '-' : hex(p.to_s) }.join(',')
  when Puppet::Pops::Types::PSensitiveType::Sensitive then "sen #{wire(v.unwrap)}"
  when Puppet::Pops::Types::PAnyType then "ty:#{hex(v.to_s)}"
  else
    if v.class.name.nil? || v.respond_to?(:arguments)
      "def:#{hex(v.name)} #{wire(v.arguments)}"
    else
      raise "cannot encode #{v.inspect}"
    end
  end
end

def guard
  yield
rescue StandardError, SystemStackError => e
  warn "  reference error: #{e.message.lines.first}"
  nil
end

def bit
  r = yield
  r ? '1' : '0'
rescue StandardError, SystemStackError
  'E'
end

def write(name, lines)
  File.write(File.join(OUT, name), lines.join("\n") + "\n")
  puts "#{name}: #{lines.size} lines"
end

require "fileutils"
FileUtils.mkdir_p(OUT)
include Puppet::Pops::Types
tc = TypeCalculator.singleton
describer = TypeMismatchDescriber.singleton

Puppet::Pal.in_tmp_environment('ref_calc', modulepath: [], facts: {}) do |pal|
  pal.with_script_compiler do |c|
    c.evaluate_string(ALIASES.map { |a| "type #{a}" }.join("\n"))
    bad = []
    types = TYPES.map { |s| [s, guard { c.type(s) } || (bad << s; nil)] }
    values = VALUES.map { |s| [s, guard { c.evaluate_string(s) }.tap { |v| bad << s if v.nil? && s != 'undef' }] }
    abort "reference rejects: #{bad.inspect}" unless bad.empty?

    write('aliases.txt', ALIASES)
    write('types.txt', TYPES)
    write('values.txt', values.map { |s, v| "#{s}\t#{wire(v)}" })
    write('instance.txt', types.map { |s, t| "#{s}\t" + values.map { |_, v| bit { t.instance?(v) } }.join })
    write('assignable.txt', types.map { |s, t| "#{s}\t" + types.map { |_, o| bit { t.assignable?(o) } }.join })
    write('infer.txt', values.map do |s, v|
      i = tc.infer(v)
      is = tc.infer_set(v)
      [s, i.to_s, is.to_s, i.generalize.to_s, is.generalize.to_s].join("\t")
    end)
    write('generalize.txt', types.map { |s, t| "#{s}\t#{guard { t.generalize.to_s }}" })
    common = []
    picks = types.each_with_index.select { |_, i| (i % 3).zero? }.map(&:first)
    picks.each do |sa, a|
      picks.each do |sb, b|
        r = guard { tc.common_type(a, b) }
        common << [sa, sb, r.to_s].join("\t") unless r.nil?
      end
    end
    write('common.txt', common)
    describe = []
    types.each_with_index do |(st, t), ti|
      values.each_with_index do |(sv, v), vi|
        next unless ((ti * 7) + vi) % 5 == 0
        next if guard { t.instance?(v) } != false
        msg = guard { describer.describe_mismatch('', t, tc.infer_set(v)) }
        next if msg.nil? || msg.empty? || msg.include?("\t")
        describe << [st, sv, msg.gsub('\\') { '\\\\' }.gsub("\n") { '\\n' }].join("\t")
      end
    end
    write('describe.txt', describe)
  end
end
