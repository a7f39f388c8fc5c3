# frozen_string_literal: true

# Generated programs for the evaluator's differential spec: values of every
# kind combined with every operator, passed to the core library's functions
# (as calls and as method calls), given to every type's constructor, and
# used as substring indexes.
module EvalCases
  # Literal sources of values of every kind the language has.
  VALUES = [
    '0', '1', '-3', '42', '9223372036854775807', '2.5', '-0.5', '1e3',
    "'abc'", "'ABC'", "'10'", "'0x1F'", "'1.5'", "''", "'a,b,,c'", "' pad '", "'yes'", "'2016-09-06'",
    'true', 'false', 'undef', 'default',
    "[1, 'a']", '[]', '[3, 1, 2]', "['b', 'a']", '[[1, 2], [3]]', '{a => 1}', '{}', "{'x' => [1], 'y' => 'z'}",
    '/a.c/', '/(\d+)/',
    'Integer', 'Integer[1, 5]', 'String', 'Optional[String]', 'Enum[a, b]',
    'Timespan(10)', 'Timespan(-2.5)', "Timespan('1-02:03:04')", 'Timestamp(1473150899)', 'Timestamp(0.5)',
    "SemVer('1.2.3')", "SemVer('2.0.0-rc.1')", "SemVerRange('>=1.0.0 <2.0.0')",
    "URI('http://bob@example.com:8080/a/b?q=1#f')", "URI('c/d')", "Binary('YWJj')", 'Sensitive(1)',
    "Deferred('join', [[1, 2], '-'])"
  ].freeze

  OPERATORS = %w[+ - * / % << >> == != < <= > >= =~ !~ in and or].freeze

  # Functions taking one value first (called as `$v.f(args)` and `f($v, args)`), with extra arguments.
  FUNCTIONS = [
    ['size'], ['length'], ['empty'], ['keys'], ['values'], ['sort'], ['flatten'], ['unique'],
    ['upcase'], ['downcase'], ['capitalize'], ['camelcase'], ['strip'], ['lstrip'], ['rstrip'],
    ['chomp'], ['chop'], ['abs'], ['ceiling'], ['floor'], ['round'], ['type'], ["type", "'generalized'"],
    ['join', "'-'"], ['split', "','"], ['split', '/b/'], ['match', '/(b)(c)?/'], ['regsubst', "'a'", "'X'"],
    ['regsubst', "'[aeiou]'", "'<\\0>'", "'G'"], ['dig', '0'], ['dig', "'a'"], ['get', "'0'"], ['index', '1'],
    ['min'], ['max'], ['min', '2'], ['max', "'b'"], ['compare', '1'], ['compare', "'abc'"],
    ['strftime', "'%Y-%m-%d %H:%M:%S.%L %z'"], ['strftime', "'%D-%H:%M:%S'"], ['unwrap'], ['then'], ['lest'],
    ['reverse_each'], ['step', '2'], ['slice', '2'], ['versioncmp', "'1.2.3'"], ['sprintf', '1'],
    ['md5'], ['sha1'], ['sha256'], ['shellquote'], ['assert_type', 'Integer'], ['convert_to', 'String'],
    ['convert_to', 'Array']
  ].freeze

  # Functions with a block, over the value.
  BLOCK_FUNCTIONS = [
    ['each', '', '|$x| { notice($x) }'], ['each', '', '|$k, $v| { notice($k, $v) }'], ['map', '', '|$x| { $x }'],
    ['map', '', '|$i, $x| { [$i, $x] }'], ['filter', '', '|$x| { $x =~ Integer }'], ['reduce', '', '|$m, $x| { [$m, $x] }'],
    ['reduce', '(0)', '|$m, $x| { $m + 1 }'], ['any', '', '|$x| { $x == 1 }'], ['all', '', '|$x| { $x != 1 }'],
    ['partition', '', '|$x| { $x =~ String }'], ['group_by', '', '|$x| { type($x, generalized) }'],
    ['index', '', '|$x| { $x == 2 }'], ['sort', '', '|$a, $b| { compare($b, $a) }'], ['unique', '', '|$x| { "${x}".length }'],
    ['min', '', '|$a, $b| { compare($a, $b) }'], ['then', '', '|$x| { [$x] }'], ['with', '', '|$x| { [$x] }'],
    ['lest', '', '|| { 42 }'], ['unwrap', '', '|$x| { [$x] }'], ['reverse_each', '', '|$x| { notice($x) }'],
    ['step', '(2)', '|$x| { notice($x) }'], ['slice', '(2)', '|$x| { notice($x) }'],
    ['tree_each', '', '|$p, $x| { notice($p, $x) }'], ['assert_type', '', '|$e, $a| { "${e}/${a}" }']
  ].freeze

  # Types called as constructors with each value.
  CONSTRUCTORS = %w[
    Integer Float Numeric Boolean String Array Hash Regexp SemVer SemVerRange Timespan Timestamp Binary URI
    Sensitive Optional[Integer] NotUndef[String] Tuple[Integer,String] Struct[{a=>Integer}] Variant[Integer,String]
    Sensitive[String] Integer[1,5] Type Enum[a,b] Pattern[/a/] Undef Default Any Data Scalar Init[Integer]
  ].freeze

  # Substrings (`text[keys]`, also of a Binary): what is indexed, and the
  # parts index texts are made of (a String key is read as a number).
  SUBSTRING_TARGETS = ["'abc'", "''", "'héllo'", "Binary('YWJj')", "Binary('w6k=')"].freeze
  INDEX_TEXT_PARTS = {
    prefix: ['', '', '::'],
    blank: ['', '', '', '', ' ', "\t", "\u00A0", "\u3000", "\n"],
    sign: ['', '', '-', '+'],
    number: ['0', '1', '2', '3', '07', '08', '010', '0009', '00', '99999999999999999999', '9223372036854775807',
             '9223372036854775808', '0x1', '0X1f', '0xg', '0x', '1.0', '1e0', '0e5', '0.0e1', '0.5e1', '1E2',
             '1.', '.5', '08.5', '012.5', '1e400', '1e-1', '1e+1', '١', 'x', '']
  }.freeze
  # Keys that are not numbers or that nest (`[[1], 'x']`), and keys whose
  # value the reference places elsewhere than where they begin.
  SUBSTRING_KEYS = ['[1]', '[[1], [2]]', '[1, 2]', '[]', '[[]]', "[1, 'x']", "[['x']]", '1 + 1.0', '1 == 1',
                    '1 in [1]', '1.0.then |$x| { $x }', 'then(1.0) |$x| { $x }', '(2.5)', '*[1, 2]', "*[1, 'x']",
                    '-1.0', '!true', 'Integer[1]', 'Undef', '$x', '$facts'].freeze

  class << self
    def operators
      # (a shift by 2**63 makes the reference build a Ruby Integer of that many bits)
      VALUES.product(OPERATORS, VALUES).map { |l, op, r| "#{l} #{op} #{r}" }
            .reject { |s| s.match?(/<< 9223372036854775807|>> -/) }
    end

    # Values iterating functions are given (the reference would iterate 2**63 times over the largest Integer).
    def iterable_values
      VALUES - ['9223372036854775807']
    end

    def functions
      FUNCTIONS.flat_map do |name, *extra|
        iterable_values.flat_map do |v|
          args = extra.empty? ? '' : "(#{extra.join(', ')})"
          ["#{v}.#{name}#{args}", "#{name}(#{([v] + extra).join(', ')})"]
        end
      end
    end

    def blocks
      BLOCK_FUNCTIONS.flat_map do |name, args, block|
        iterable_values.map { |v| "#{v}.#{name}#{args} #{block}" }
      end
    end

    def constructors
      CONSTRUCTORS.product(iterable_values).map { |t, v| "#{t}(#{v})" } +
        CONSTRUCTORS.map { |t| "#{t}.new()" }
    end

    # Every strftime directive with every flag, on a Timestamp (also in another
    # zone) and on Timespans.
    def strftime
      stamp = "Timestamp('2016-09-06T08:04:09.123456789 UTC')"
      stamp_letters = %w[Y C y m B b h d e j H k I l P p M S L N z Z A a u w G g V U W s n t % c D F v x X r R T]
      flags = ['', '-', '_', '0', '^', '#', ':', '::', '3', '012', '-5', '^10']
      spans = ['Timespan(93784.123456789)', 'Timespan(-3.5)', 'Timespan(0)']
      span_letters = %w[D H M S L N %]
      stamp_letters.product(flags).flat_map do |l, f|
        ["#{stamp}.strftime('%#{f}#{l}')", "#{stamp}.strftime('<%#{f}#{l}>', 'Europe/Stockholm')"]
      end + spans.product(span_letters, flags).map { |t, l, f| "#{t}.strftime('%#{f}#{l}')" }
    end

    def interpolations
      VALUES.map { |v| "notice(\"<${#{v}}>\") \"${#{v}}\"" }
    end

    # Index texts generated from INDEX_TEXT_PARTS (double-quoted Puppet strings).
    def index_texts
      rng = Random.new(7)
      parts = INDEX_TEXT_PARTS
      texts = parts[:number].map { |n| "\"#{n}\"" }
      texts + Array.new(300) do
        b = -> { parts[:blank].sample(random: rng) }
        "\"#{parts[:prefix].sample(random: rng)}#{b.()}#{parts[:sign].sample(random: rng)}#{b.()}" \
          "#{parts[:number].sample(random: rng)}#{b.()}\""
      end.uniq
    end

    # `text[key]`, `text[key, key]` over values of every kind and index
    # texts, on Strings and Binaries.
    def substrings
      keys = VALUES + index_texts + SUBSTRING_KEYS + ['-1', '-5', '4', '-9223372036854775807']
      pairs = keys.product(keys).each_slice(79).map(&:first)
      ints = %w[-9223372036854775807 -6 -4 -3 -2 -1 0 1 2 3 4 6 9223372036854775807 '-2' '0x1' '-0' '010' '1.0']
      SUBSTRING_TARGETS.product(keys.map { |k| [k] } + pairs + ints.product(ints) + [%w[1 2 3]]).map do |t, ks|
        "#{t}[#{ks.join(', ')}]"
      end
    end

    # Every generated program.
    def all
      operators + functions + blocks + constructors + interpolations + strftime + substrings
    end

    # A sample of `n` programs of each family (deterministic).
    def sample(n)
      rng = Random.new(22)
      [operators, functions, blocks, constructors, interpolations, strftime, substrings].flat_map do |c|
        c.sample([n, c.size].min, random: rng)
      end
    end
  end
end
