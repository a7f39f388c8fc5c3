#!/usr/bin/env ruby
# Records the reference's String conversion (Puppet 7.23 StringConverter) of many
# values crossed with many formats, as fixtures for tests/format_differential.rs.
#
#   ruby tools/ref_format.rb            # writes tests/fixtures/format/*.tsv
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
  else raise "cannot encode #{v.inspect}"
  end
end

def convert(v, f)
  text = SC.convert(v, f)
  # Ruby's pack('U') makes invalid UTF-8 for surrogates and code points past U+10FFFF;
  # the Rust side errors there instead.
  return ['invalid', text.inspect] unless text.valid_encoding?
  ['ok', text]
rescue StandardError => e
  ['err', e.message.gsub('Puppet::Pops::Types::PSensitiveType::Sensitive', 'Sensitive')]
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
        status, text = convert(v, ref_map(m))
        io.puts [enc(v), map_code(m), status, q(text)].join("\t")
        rows += 1
      end
    end
  end
  puts "#{name}: #{rows} rows"
end

def write(name, values, formats)
  rows = 0
  File.open(File.join(OUT, "#{name}.tsv"), 'w') do |io|
    values.each do |v|
      formats.each do |f|
        status, text = convert(v, f)
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
]
RICH = [
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

values = SCALARS + CONTAINERS + RICH
write('cross', values, FORMATS)
write_maps('maps', SCALARS + CONTAINERS, MAPS)
