#!/usr/bin/env ruby
# Records the reference's String conversion (Puppet 7.23 StringConverter) of many
# values crossed with many formats, as fixtures for tests/format_differential.rs.
#
#   ruby tools/ref_format.rb            # writes tests/fixtures/format/*.tsv
#
# Loaded (not run) it only defines the value, format and map lists, which
# spec/conformance/formatter_spec.rb shares.
#
# Row format (tab separated): value code, format code, "ok" or "err", text.
# Codes: u undef, D default, T/F booleans, i<int>, f<float>; (terminated), s"str",
# r"regexp source", [v,v], {k:v,k:v}, S(v) sensitive, b"base64" binary.
# Strings are double quoted with \\ \" \n \t \r and \u{X} escapes.
require 'puppet'
require 'base64'

SC = Puppet::Pops::Types::StringConverter
OUT = File.expand_path('../tests/fixtures/format', __dir__)

def q(s)
  out = +'"'
  s.each_char do |c|
    out << case c
           when '\\' then '\\\\'
           when '"' then '\\"'
           when "\n" then '\\n'
           when "\t" then '\\t'
           when "\r" then '\\r'
           else c.ord < 0x20 || c.ord == 0x7f ? format('\\u{%X}', c.ord) : c
           end
  end
  out << '"'
end

def enc(v)
  case v
  when nil then 'u'
  when :default then 'D'
  when true then 'T'
  when false then 'F'
  when Integer then "i#{v}"
  when Float then "f#{v};"
  when String then "s#{q(v)}"
  when Regexp then "r#{q(v.source)}"
  when Array then "[#{v.map { |e| enc(e) }.join(',')}]"
  when Hash then "{#{v.map { |k, e| "#{enc(k)}:#{enc(e)}" }.join(',')}}"
  when Puppet::Pops::Types::PSensitiveType::Sensitive then "S(#{enc(v.unwrap)})"
  when Puppet::Pops::Types::PBinaryType::Binary then "b#{q(v.to_s)}"
  when SemanticPuppet::Version then "v#{q(v.to_s)}"
  when SemanticPuppet::VersionRange then "R#{q(v.to_s)}"
  when Puppet::Pops::Time::Timespan then "n#{v.nsecs};"
  when Puppet::Pops::Time::Timestamp then "m#{v.nsecs};"
  when URI then "U#{q(v.to_s)}"
  when Puppet::Pops::Types::PAnyType then "y#{q(v.to_s)}"
  when Puppet::Pops::Types::PuppetObject then "d(#{q(v.name)}#{v.arguments.nil? ? '' : ',' + enc(v.arguments)})"
  else raise "cannot encode #{v.inspect}"
  end
end

def time_value?(v)
  case v
  when Puppet::Pops::Time::Timespan, Puppet::Pops::Time::Timestamp then true
  when Array then v.any? { |e| time_value?(e) }
  when Hash then v.any? { |k, e| time_value?(k) || time_value?(e) }
  else false
  end
end

def ref_convert(v, f)
  text = SC.convert(v, f)
  # Ruby's pack('U') makes invalid UTF-8 for surrogates and code points past U+10FFFF;
  # the Rust side errors there instead.
  return ['invalid', text.inspect] unless text.valid_encoding?
  # Ruby's default inspection of time values (class name and object address) is not
  # reproduced: the Rust side prints Timespan('...') / Timestamp('...').
  return ['leak', ''] if text.include?('#<Puppet::Pops::Time::') || text.include?('#<#<Class:')
  return ['leak', ''] if time_value?(v) && f.is_a?(String) && f.end_with?('p')
  ['ok', text]
rescue NoMethodError => e
  # Ruby's message (method name, source excerpt): the Rust side errors with its own message.
  ['errany', e.message]
rescue StandardError => e
  ['err', e.message.gsub('Puppet::Pops::Types::PSensitiveType::Sensitive', 'Sensitive')
                   .gsub('SemanticPuppet::VersionRange', 'SemVerRange').gsub('SemanticPuppet::Version', 'SemVer')]
end

TP = Puppet::Pops::Types::TypeParser.singleton

# A format map written with type texts, e.g. {'Integer' => '%x', 'Array' => {'format' => '%(a'}}:
# the reference gets the parsed types, the fixture the code M{"Integer":"%x",...}.
def ref_map(m)
  m.each_with_object({}) do |(k, v), h|
    h[TP.parse(k)] = v.is_a?(Hash) ? ref_container(v) : v
  end
end

def ref_container(c)
  c.each_with_object({}) { |(k, v), h| h[k] = k == 'string_formats' ? ref_map(v) : v }
end

def map_code(m)
  'M{' + m.map { |k, v| "#{q(k)}:#{v.is_a?(Hash) ? container_code(v) : q(v)}" }.join(',') + '}'
end

def container_code(c)
  'C{' + c.map { |k, v| "#{k}:#{k == 'string_formats' ? map_code(v) : q(v)}" }.join(',') + '}'
end

def write_maps(name, values, maps)
  rows = 0
  File.open(File.join(OUT, "#{name}.tsv"), 'w') do |io|
    values.each do |v|
      maps.each do |m|
        status, text = ref_convert(v, ref_map(m))
        io.puts [enc(v), map_code(m), status, q(text)].join("\t")
        rows += 1
      end
    end
  end
  puts "#{name}: #{rows} rows"
end

def write_fixture(name, values, formats)
  rows = 0
  File.open(File.join(OUT, "#{name}.tsv"), 'w') do |io|
    values.each do |v|
      formats.each do |f|
        status, text = ref_convert(v, f)
        io.puts [enc(v), f == :default ? 'D' : q(f), status, q(text)].join("\t")
        rows += 1
      end
    end
  end
  puts "#{name}: #{rows} rows"
end

SCALARS = [
  0, 1, -1, 10, -10, 42, 65, 255, -255, 1234567, -98765, 2**62, 9223372036854775807, -9223372036854775808,
  0.0, -0.0, 1.0, 1.5, -1.5, 2.5, 0.125, 0.1, 3.14159, 1.0 / 3, 123456.789, 1.0e15, 1.0e16, 1.0e-5, 0.0001,
  1.0e20, -2.5e-8, 1.0e100, 5.0e-324, 1.7976931348623157e308, 100.0, 0.5,
  '', 'hello', 'Hello World', "a'b", 'a\\b', "a\nb", "tab\tx", "\u0001x", 'é ü ß', '  trim me  ',
  'foo::bar::baz', 'ÅSA', 'a"b$c', "\\'", 'a\\', '123', 'x' * 12,
  true, false, nil, :default,
  /a/, /a\/b/, /[a-z]+\d*/, Regexp.new('a/b'), /it's/,
]
CONTAINERS = [
  [], [1], [1, 2, 3], ['a', 'b'], [1, 'a', nil, true, :default], [[1, 2], [3]], [1, [2, [3, [4]]], 5],
  [{ 'a' => 1 }], [1.5, 2.0, -0.0], (1..12).to_a, [[], []], ['aaa', 'bbb', [1], 'ccc'], [/x/, 'y\'z'],
  {}, { 'a' => 1 }, { 'a' => 1, 'b' => 'x' }, { 1 => 2 }, { 'a' => [1, 2] }, { 'a' => { 'b' => { 'c' => 1 } } },
  { 'k' => nil, 'd' => :default }, { [1] => { 'x' => 1 } }, { 'a' => [1, { 'b' => 2 }], 'c' => {} },
  [{}, [], 1], [1.0e16, 'é'],
  [[1, 2], [3, [4, 5]], 'x', { 'k' => [{ 'a' => 1 }, 2] }, 'y'], ['', ' ', "\t"], ['😀', 'ü' * 5, 'abc'],
  { 'a' => [[1], [2, [3]]], 'b' => [{ 'c' => { 'd' => [] } }] }, { 'x' => { 'y' => [1, { 'z' => 'w' }] }, 'q' => 2 },
  { nil => :default, true => 1.5, 1.5 => /r/ }, [[[[]]]], [{ 'a' => [] }, { 'b' => {} }],
  ['long string number one', 'long string number two', 'three', [1, 2], 'four', 'five'],
]
TF = Puppet::Pops::Types::TypeFactory
BIN = Puppet::Pops::Types::PBinaryType::Binary
TS = Puppet::Pops::Time::Timespan
TM = Puppet::Pops::Time::Timestamp
RICH = [
  BIN.from_binary_string('hello'), BIN.from_binary_string("h\xC3\xA9llo"), BIN.from_binary_string("ab\xFFc".b),
  BIN.from_binary_string(''), BIN.from_binary_string('x' * 50), [BIN.from_binary_string('hi')],
  SemanticPuppet::Version.parse('1.2.3'), SemanticPuppet::Version.parse('1.2.3-rc.1+build.5'),
  SemanticPuppet::VersionRange.parse('~1.2'), SemanticPuppet::VersionRange.parse('>=1.0.0 <2.0.0'),
  SemanticPuppet::VersionRange.parse('1.x || >=3.1.0'),
  TS.new(93_784_005_000_000), TS.new(-1_500_000_000), TS.new(0), TS.new(13_500_000_000),
  TM.new(1_577_934_245_123_000_000), TM.new(-1_500_000_000), TM.new(0),
  URI('http://example.com/a?b#c'), URI("https://user@host:8443/it's"), URI('urn:isbn:123'), [URI('http://x.org/')],
  TF.integer, TF.range(1, 10), TF.array_of(TF.string), TF.hash_kv(TF.string, TF.integer), TF.enum('a', 'b'),
  TF.optional(TF.string), [TF.integer, TF.float], { TF.string => TF.boolean },
  TF.deferred.create('foo'), TF.deferred.create('foo', [1, 'a']), TF.deferred.create('bar', []),
  [TF.deferred.create('foo', [1])],
  TF.deferred.create('f', [1, [2, 3]]), TF.deferred.create('f', [[{ 'a' => 1 }]]), TF.deferred.create('f', [{}]),
  TF.deferred.create('f', [1, "it's", nil, :default, 1.5, { 'k' => [] }, [[]]]),
  [TF.deferred.create('f', [{ 'a' => { 'b' => 1 } }])],

  Puppet::Pops::Types::PSensitiveType::Sensitive.new('secret'),
  [Puppet::Pops::Types::PSensitiveType::Sensitive.new('secret')],
  { 'pw' => Puppet::Pops::Types::PSensitiveType::Sensitive.new('secret') },
]

FORMATS = [
  :default, '%s', '%p', '%d', '%x', '%X', '%o', '%b', '%B', '%c', '%e', '%E', '%f', '%g', '%G', '%a', '%A',
  '%#x', '%#X', '%#o', '%#b', '%#B', '%+d', '% d', '%+x', '% o', '%05d', '%5d', '%-5d', '%.3d', '%08.3f',
  '%10.4e', '%-10s', '%10s', '%.2s', '%#s', '%#p', '%5.1s', '%t', '%T', '%y', '%Y', '%#t', '%#Y', '%n',
  '%#n', '%u', '%#u', '%v', '%V', '%C', '%#C', '%#c', '%#d', '%h', '%#h', '%#a', '%(a', '%[a', '%{a',
  '%<a', '%|a', '% a', '%#10a', '%#3a', '%(h', '%<h', '% h', '%#.2f', '%+.3e', '%#g', '%.3g', '%10.3g',
  '%#A', '%+a', '%010.2f', '%-+8d', '% 08d', '%+08x', '%.0f', '%.0e', '%#.0f', '%q', '%D', '%#D', '%[d',
  '%(s', '%#-8p', '%-20p', '%.5p', '%020s', '%0s', '%+s', '%.0d', '%#.3o', '%08x', '%.8x', '%-8x', '%#08x',
  '%.1a', '%#.3a', '%012.3a', '%#10p', '%#.2p', '%{d', '%<d', '%|s',
  'x', '%', '%--d', '%.d', '%d ', '%[(a', '%0', '%#', '%##x', '%5', '%05.d', '%+ d',
]

MAPS = [
  { 'Integer[default, -1]' => '%d', 'Integer[0, default]' => '%#x' },
  { 'Array' => { 'format' => '%(a', 'string_formats' => { 'Integer' => '%#x' } } },
  { 'Array[Any, 0, 3]' => '%(a', 'Array[Any, 4, default]' => '%#a' },
  { 'String' => '%#p' },
  { 'Numeric' => '%.2f' },
  { 'Any' => '%p' },
  { 'Hash' => { 'format' => '%#h', 'separator2' => ': ' } },
  { 'Integer' => '%x', 'Float' => '%e' },
  { 'Array' => { 'format' => '%a', 'separator' => ' | ' } },
  { 'Hash' => { 'format' => '%h', 'string_formats' => { 'String' => '%s' } } },
  { 'Boolean' => '%y', 'Undef' => '%n' },
  { 'Array[Integer]' => '%(a' },
  { 'String[1, 3]' => '%u', 'String' => '%d' },
  { "Enum['a', 'b']" => '%#u', 'Pattern[/x/]' => '%C' },
  { 'Tuple[Integer, String]' => '%<a' },
  { 'Array' => { 'separator' => ';' } },
  { 'Integer' => '%y' },
  { 'Scalar' => '%#s', 'Collection' => '%[a' },
  { 'Hash' => { 'format' => '%a', 'string_formats' => { 'Any' => '%s' } } },
  { 'Variant[Integer, Float]' => '%+d', 'Optional[String]' => '%#s' },
  { 'Data' => '%p', 'Integer' => '%05d' },
  { 'Hash[String, Integer]' => '% h', 'Hash' => { 'format' => '%#h', 'separator' => ';' } },
]

# Floats near rounding ties, tiny, huge and random, for the digit generation of f/e/g.
rnd = Random.new(7)
FLOATS = [2.675, 93784.005, 1.005, 0.125, 0.5, 1.5, 2.5, 0.05, 0.35, 1.015, 1.035, 79.20176500000001,
          9563.401174999999, 1.0e22, 1.0e23, 123456789012345.67, 5.0e-324, 2.2250738585072014e-308,
          9.999999999999999e22, 0.3, 1.0 / 7, 1e-7, 999.9999999, 99.5, 0.995, 8.5, 1.25e-5] +
         Array.new(300) do
           case rnd.rand(4)
           when 0 then (rnd.rand(1..10**rnd.rand(1..9)) + rnd.rand(0..999) / 1000.0 + [0, 0.0005, 0.005][rnd.rand(3)]) / [1, 10, 100, 1000][rnd.rand(4)]
           when 1 then rnd.rand * 10**rnd.rand(-30..30)
           when 2 then rnd.rand(1..99_999) / 2.0**rnd.rand(1..20)
           else -rnd.rand * 10**rnd.rand(-5..5)
           end
         end
FLOAT_FORMATS = %w[%f %e %g %G %#g %.0f %.1f %.2f %.3f %.5f %.8f %.12f %.15f %.17f %.20f %.0e %.1e %.2e %.5e
                   %.10e %.14e %.16e %.20e %.1g %.2g %.4g %.10g %.14g %.15g %.17g %#.3g %10.4f %-12.3e %+.2f]

if __FILE__ == $PROGRAM_NAME
  values = SCALARS + CONTAINERS + RICH
  write_fixture('cross', values, FORMATS)
  write_maps('maps', SCALARS + CONTAINERS, MAPS)
  write_fixture('floats', FLOATS, FLOAT_FORMATS)
end
