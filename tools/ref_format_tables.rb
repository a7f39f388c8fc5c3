#!/usr/bin/env ruby
# Writes tests/format_tables.rs: one named test per row of each String.new
# format table in seed 001, with the expected text taken from the reference.
#
#   ruby tools/ref_format_tables.rb
require 'puppet'

SC = Puppet::Pops::Types::StringConverter
TF = Puppet::Pops::Types::TypeFactory
TS = Puppet::Pops::Time::Timespan
TM = Puppet::Pops::Time::Timestamp
BIN = Puppet::Pops::Types::PBinaryType::Binary

# [test name (seed table + letters), [[ruby value, rust expression, format], ...]]
ROWS = [
  ['integer_d', [[-42, 'int(-42)', '%d'], [42, 'int(42)', '%+5d']]],
  ['integer_x_upper_x', [[255, 'int(255)', '%x'], [255, 'int(255)', '%X'], [-10, 'int(-10)', '%x'], [-10, 'int(-10)', '%+x'], [255, 'int(255)', '%#X']]],
  ['integer_o', [[8, 'int(8)', '%o'], [-8, 'int(-8)', '%o'], [8, 'int(8)', '%#o'], [-8, 'int(-8)', '%+o']]],
  ['integer_b_upper_b', [[5, 'int(5)', '%b'], [5, 'int(5)', '%#B'], [-5, 'int(-5)', '%b'], [-5, 'int(-5)', '%+b']]],
  ['integer_c', [[65, 'int(65)', '%c'], [233, 'int(233)', '%#c'], [0x1F600, 'int(0x1F600)', '%3c']]],
  ['integer_s', [[42, 'int(42)', '%s'], [42, 'int(42)', '%#s'], [42, 'int(42)', '%-4s']]],
  ['integer_p', [[42, 'int(42)', '%p'], [-42, 'int(-42)', '%5p']]],
  ['integer_float_letters', [[3, 'int(3)', '%e'], [3, 'int(3)', '%.2f'], [3, 'int(3)', '%g'], [3, 'int(3)', '%a'], [3, 'int(3)', '%E']]],
  ['float_f', [[3.14159, 'flt(3.14159)', '%f'], [3.14159, 'flt(3.14159)', '%.2f'], [-0.5, 'flt(-0.5)', '%08.3f']]],
  ['float_e_upper_e', [[31415.9, 'flt(31415.9)', '%e'], [31415.9, 'flt(31415.9)', '%.2E']]],
  ['float_g_upper_g', [[0.00001234, 'flt(0.00001234)', '%g'], [1234567.0, 'flt(1234567.0)', '%G'], [100.0, 'flt(100.0)', '%#g']]],
  ['float_a_upper_a', [[1.5, 'flt(1.5)', '%a'], [0.1, 'flt(0.1)', '%A'], [-3.0, 'flt(-3.0)', '%.2a']]],
  ['float_s', [[1.5, 'flt(1.5)', '%s'], [1.5, 'flt(1.5)', '%#s'], [1.0e16, 'flt(1.0e16)', '%s']]],
  ['float_p', [[1.5, 'flt(1.5)', '%p'], [1.0e-5, 'flt(1.0e-5)', '%p'], [-0.0, 'flt(-0.0)', '%p'], [2.0, 'flt(2.0)', '%.1p']]],
  ['float_integer_letters', [[3.99, 'flt(3.99)', '%d'], [255.5, 'flt(255.5)', '%x'], [-3.99, 'flt(-3.99)', '%#b'], [65.2, 'flt(65.2)', '%o']]],
  ['float_default', [[1.5, 'flt(1.5)', :default]]],
  ['string_s', [["a\tb", 'st("a\tb")', '%s'], ['abc', 'st("abc")', '%-5.2s']]],
  ['string_p', [["it's", %q{st("it's")}, '%p'], ["a\nb", 'st("a\nb")', '%p'], ['x', 'st("x")', '%#p'], ["\u0001", 'st("\u{1}")', '%p']]],
  ['string_upper_c', [['foo::bar', 'st("foo::bar")', '%C'], ['foo::bar', 'st("foo::bar")', '%#C']]],
  ['string_c', [['hello WORLD', 'st("hello WORLD")', '%c'], ['hello', 'st("hello")', '%#c']]],
  ['string_d', [['HeLLo', 'st("HeLLo")', '%d'], ['HeLLo', 'st("HeLLo")', '%#d']]],
  ['string_u', [['HeLLo', 'st("HeLLo")', '%u'], ['HeLLo', 'st("HeLLo")', '%#u']]],
  ['string_t', [['  x y  ', 'st("  x y  ")', '%t'], ['  x  ', 'st("  x  ")', '%#t']]],
  ['string_default', [['x', 'st("x")', :default], [['x'], 'arr(vec![st("x")])', :default]]],
  ['boolean_t_upper_t', [[true, 'Value::Boolean(true)', '%t'], [false, 'Value::Boolean(false)', '%T'], [true, 'Value::Boolean(true)', '%#T']]],
  ['boolean_y_upper_y', [[true, 'Value::Boolean(true)', '%y'], [false, 'Value::Boolean(false)', '%Y'], [false, 'Value::Boolean(false)', '%#y']]],
  ['boolean_integer_letters', [[true, 'Value::Boolean(true)', '%d'], [true, 'Value::Boolean(true)', '%#x'], [false, 'Value::Boolean(false)', '%05b']]],
  ['boolean_float_letters', [[true, 'Value::Boolean(true)', '%f'], [false, 'Value::Boolean(false)', '%.1e'], [true, 'Value::Boolean(true)', '%a']]],
  ['boolean_s', [[true, 'Value::Boolean(true)', '%s'], [false, 'Value::Boolean(false)', '%-7s']]],
  ['boolean_p', [[true, 'Value::Boolean(true)', '%p'], [false, 'Value::Boolean(false)', '%p']]],
  ['regexp_s', [[Regexp.new('a\/b'), 'rx(r"a\/b")', '%s'], [/it's/, %q{rx("it's")}, '%#s']]],
  ['regexp_p', [[Regexp.new('a\/b'), 'rx(r"a\/b")', '%p'], [Regexp.new('a/b'), 'rx("a/b")', '%p'], [/x/, 'rx("x")', '%5p']]],
  ['undef_s', [[nil, 'Value::Undef', '%s'], [nil, 'Value::Undef', '%#s']]],
  ['undef_p', [[nil, 'Value::Undef', '%p'], [nil, 'Value::Undef', '%#p']]],
  ['undef_n', [[nil, 'Value::Undef', '%n'], [nil, 'Value::Undef', '%#n']]],
  ['undef_integer_letters', [[nil, 'Value::Undef', '%d'], [nil, 'Value::Undef', '%x']]],
  ['undef_float_letters', [[nil, 'Value::Undef', '%f'], [nil, 'Value::Undef', '%e']]],
  ['undef_v', [[nil, 'Value::Undef', '%v']]],
  ['undef_upper_v', [[nil, 'Value::Undef', '%V']]],
  ['undef_u', [[nil, 'Value::Undef', '%u'], [nil, 'Value::Undef', '%#u']]],
  ['default_d_upper_d', [[:default, 'Value::Default', '%d'], [:default, 'Value::Default', '%D'], [:default, 'Value::Default', '%#D']]],
  ['default_s', [[:default, 'Value::Default', '%s']]],
  ['default_p', [[:default, 'Value::Default', '%p'], [:default, 'Value::Default', '%#p']]],
  ['array_a', [[[1, 'a', [2]], 'arr(vec![int(1), st("a"), arr(vec![int(2)])])', '%a'], [[1, [2, [3]]], 'arr(vec![int(1), arr(vec![int(2), arr(vec![int(3)])])])', '%#a'], [[1, 2, 3, 4], 'arr(vec![int(1), int(2), int(3), int(4)])', '%#3a']]],
  ['array_s', [[[1, 'a'], 'arr(vec![int(1), st("a")])', '%s']]],
  ['array_p', [[[1, 'a'], 'arr(vec![int(1), st("a")])', '%p']]],
  ['hash_h', [[{ 'a' => 1, 'b' => [2] }, 'hsh(vec![(st("a"), int(1)), (st("b"), arr(vec![int(2)]))])', '%h'], [{ 'a' => { 'b' => 1 } }, 'hsh(vec![(st("a"), hsh(vec![(st("b"), int(1))]))])', '%#h']]],
  ['hash_s', [[{ 'a' => 1 }, 'hsh(vec![(st("a"), int(1))])', '%s']]],
  ['hash_p', [[{ 'a' => 1 }, 'hsh(vec![(st("a"), int(1))])', '%p']]],
  ['hash_a', [[{ 'a' => 1, 'b' => 2 }, 'hsh(vec![(st("a"), int(1)), (st("b"), int(2))])', '%a']]],
  ['flag_space', [[5, 'int(5)', '% d'], [[1, 2], 'arr(vec![int(1), int(2)])', '% a']]],
  ['flag_alt', [[255, 'int(255)', '%#x'], [8, 'int(8)', '%#o'], [5, 'int(5)', '%#b'], [1.0, 'flt(1.0)', '%#.0f'], [1.0, 'flt(1.0)', '%#g']]],
  ['flag_plus', [[5, 'int(5)', '%+d'], [-5, 'int(-5)', '%+x']]],
  ['flag_minus', [[5, 'int(5)', '%-4d'], ['ab', 'st("ab")', '%-4s']]],
  ['flag_zero', [[5, 'int(5)', '%04d'], [-1.5, 'flt(-1.5)', '%07.2f']]],
  ['flag_delimiters', [[[1], 'arr(vec![int(1)])', '%<a'], [[1], 'arr(vec![int(1)])', '%[a'], [[1], 'arr(vec![int(1)])', '%(a'], [[1], 'arr(vec![int(1)])', '%{a'], [[1], 'arr(vec![int(1)])', '%|a'], [{ 'a' => 1 }, 'hsh(vec![(st("a"), int(1))])', '%[h']]],
  ['type_s', [[TF.integer, 'Value::Type(f::integer())', '%s'], [TF.integer, 'Value::Type(f::integer())', '%#s'], [TF.array_of(TF.string), 'Value::Type(f::array_of(f::string()))', '%s']]],
  ['type_p', [[TF.range(1, 10), 'Value::Type(f::range(Some(1), Some(10)).unwrap())', '%p'], [TF.hash_kv(TF.string, TF.integer), 'Value::Type(f::hash_kv(f::string(), f::integer()))', '%p']]],
  ['timespan_s', [[TS.new(93_784_005_000_000), 'Value::Timespan(Timespan::new(93_784_005_000_000))', '%s'], [TS.new(13_500_000_000), 'Value::Timespan(Timespan::new(13_500_000_000))', :default]]],
  ['timespan_integer_letters', [[TS.new(93_784_005_000_000), 'Value::Timespan(Timespan::new(93_784_005_000_000))', '%d'], [TS.new(-1_500_000_000), 'Value::Timespan(Timespan::new(-1_500_000_000))', '%x']]],
  ['timespan_float_letters', [[TS.new(93_784_005_000_000), 'Value::Timespan(Timespan::new(93_784_005_000_000))', '%.3f'], [TS.new(1_500_000_000), 'Value::Timespan(Timespan::new(1_500_000_000))', '%e']]],
  ['timestamp_s', [[TM.new(1_577_934_245_123_000_000), 'Value::Timestamp(Timestamp::new(1_577_934_245_123_000_000))', '%s']]],
  ['timestamp_integer_letters', [[TM.new(1_577_934_245_123_000_000), 'Value::Timestamp(Timestamp::new(1_577_934_245_123_000_000))', '%d']]],
  ['timestamp_float_letters', [[TM.new(1_577_934_245_123_000_000), 'Value::Timestamp(Timestamp::new(1_577_934_245_123_000_000))', '%.3f']]],
  ['semver_s', [[SemanticPuppet::Version.parse('1.2.3-rc.1+b.5'), 'Value::SemVer(Arc::new(SemVer::parse("1.2.3-rc.1+b.5").unwrap()))', '%s']]],
  ['semver_p', [[SemanticPuppet::Version.parse('1.2.3'), 'Value::SemVer(Arc::new(SemVer::parse("1.2.3").unwrap()))', '%p']]],
  ['semverrange_s', [[SemanticPuppet::VersionRange.parse('~1.2'), 'Value::SemVerRange(Arc::new(SemVerRange::parse("~1.2").unwrap()))', '%s']]],
  ['semverrange_p', [[SemanticPuppet::VersionRange.parse('~1.2'), 'Value::SemVerRange(Arc::new(SemVerRange::parse("~1.2").unwrap()))', '%p']]],
  ['binary_s', [[BIN.from_binary_string('héllo'), 'bin("héllo".as_bytes())', '%s'], [BIN.from_binary_string("a\xFF".b), 'bin(b"a\xff")', '%#s']]],
  ['binary_p', [[BIN.from_binary_string('abc'), 'bin(b"abc")', '%p']]],
  ['binary_b', [[BIN.from_binary_string('x' * 50), 'bin(&[b\'x\'; 50])', '%b']]],
  ['binary_upper_b', [[BIN.from_binary_string("ab\xFFc".b), 'bin(b"ab\xffc")', '%B'], [BIN.from_binary_string('abc'), 'bin(b"abc")', :default]]],
  ['binary_u', [[BIN.from_binary_string("ab\xFFc".b), 'bin(b"ab\xffc")', '%u']]],
  ['binary_t', [[BIN.from_binary_string('abc'), 'bin(b"abc")', '%t'], [BIN.from_binary_string('abc'), 'bin(b"abc")', '%#t']]],
  ['binary_upper_t', [[BIN.from_binary_string('abc'), 'bin(b"abc")', '%T']]],
  ['uri_s', [[URI('http://example.com/a?b#c'), 'uri("http://example.com/a?b#c")', '%s'], [URI("http://x.org/it's"), %q{uri("http://x.org/it's")}, '%#s']]],
  ['uri_p', [[URI('http://example.com/a?b#c'), 'uri("http://example.com/a?b#c")', '%p']]],
]

def rs(s)
  s.inspect.gsub(/\\u\{?([0-9a-fA-F]+)\}?/) { "\\u{#{$1}}" }.gsub('\\e', '\\u{1b}')
end

out = +<<~HEAD
  //! One test per row of the String.new format tables in seed 001; the expected
  //! texts come from the reference (generated by tools/ref_format_tables.rb).
  #![allow(clippy::approx_constant)]

  use puppet_types::format::{string, Format};
  use puppet_types::types::factory as f;
  use puppet_types::values::{Binary, Regexp, SemVer, SemVerRange, Timespan, Timestamp, Uri, Value, ValueMap};
  use std::sync::Arc;

  fn int(i: i64) -> Value {
      Value::Integer(i)
  }
  fn flt(x: f64) -> Value {
      Value::Float(x)
  }
  fn st(s: &str) -> Value {
      Value::string(s)
  }
  fn rx(s: &str) -> Value {
      Value::Regexp(Regexp::new(s).unwrap())
  }
  fn arr(v: Vec<Value>) -> Value {
      Value::array(v)
  }
  fn hsh(pairs: Vec<(Value, Value)>) -> Value {
      Value::hash(pairs.into_iter().collect::<ValueMap>())
  }
  fn bin(b: &[u8]) -> Value {
      Value::Binary(Binary::new(b.to_vec()))
  }
  fn uri(s: &str) -> Value {
      Value::Uri(Arc::new(Uri::parse(s).unwrap()))
  }
  fn check(v: Value, format: Option<&str>, expected: &str) {
      let fmt = match format {
          Some(t) => Format::Text(t.to_string()),
          None => Format::Default,
      };
      assert_eq!(string(&v, &fmt).unwrap(), expected, "{v:?} {format:?}");
  }
HEAD

ROWS.each do |name, cases|
  out << "\n#[test]\nfn string_new_#{name}() {\n"
  cases.each do |val, rust, fmt|
    expected = SC.convert(val, fmt)
    out << "    check(#{rust}, #{fmt == :default ? 'None' : "Some(#{rs(fmt)})"}, #{rs(expected)});\n"
  end
  out << "}\n"
end
File.write(File.expand_path('../tests/format_tables.rs', __dir__), out)
puts "#{ROWS.size} tests"
