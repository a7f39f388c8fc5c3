# frozen_string_literal: true

require 'spec_helper'
require 'set'

# What the type system makes of Ruby objects that are not Puppet values
# (classes, modules, subclasses of Array and Hash, Symbols, Ranges, Times,
# Structs, objects of anonymous classes), and of plain values given where
# the reference's TypeFactory takes a type: compared with the reference on
# generated data. PUPPET_TYPES_RUBY_OBJECTS=N sets how many values (default 300).
RSpec.describe 'Ruby objects against the reference', reference: true do
  module RubyObjects
    class Base; end
    class Derived < Base; end
    module Mixin; end
    class WithMixin; include Mixin; end
    class ArraySub < Array; end
    class HashSub < Hash; end
    Pair = Struct.new(:a)
    # (not assigned to a constant, which would name it)
    def self.anonymous
      @anonymous ||= Class.new
    end

    # Objects of one Ruby class each (a container holds objects of one class
    # at most: the reference's common type of unrelated Ruby classes is a
    # NoMethodError or a walk of Ruby's class hierarchy; see docs/divergences.md).
    OBJECTS = [
      -> { :sym }, -> { Base.new }, -> { Derived.new }, -> { WithMixin.new }, -> { anonymous.new },
      -> { (1..3) }, -> { ('a'..'c') }, -> { Time.at(0) }, -> { Pair.new(1) }, -> { Object.new },
      -> { ArraySub[1, 2] }, -> { HashSub['a' => 1] }, -> { Set[1] },
      -> { Base }, -> { Mixin }, -> { anonymous }, -> { Integer }, -> { Array }, -> { Class }
    ].freeze

    PLAIN = [-> { 1 }, -> { -7 }, -> { 2.5 }, -> { 'text' }, -> { '' }, -> { nil }, -> { true },
             -> { :default }, -> { /re/ }].freeze

    def self.value(rng, object, depth = 0)
      case depth < 3 ? rng.rand(5) : 0
      when 0 then object.call
      when 1 then PLAIN.sample(random: rng).call
      when 2, 3 then Array.new(rng.rand(4)) { value(rng, object, depth + 1) }
      else Array.new(rng.rand(4)) { |i| ["k#{i}", value(rng, object, depth + 1)] }.to_h
      end
    end
  end

  type_strings = [
    'Any', 'Data', 'RichData', 'Scalar', 'Array', 'Hash', 'Iterable', 'Iterable[Integer]', 'Collection', 'Type',
    'Runtime', "Runtime[ruby, 'RubyObjects::Base']", "Runtime[ruby, 'RubyObjects::Mixin']", "Runtime[ruby, 'Object']",
    "Runtime[ruby, 'RubyObjects::ArraySub']", "Runtime[ruby, 'Array']", "Runtime[ruby, 'Symbol']", "Runtime[ruby, 'Class']",
    "Type[Runtime[ruby, 'RubyObjects::Base']]", 'Type[Runtime]', 'Array[Runtime]', 'Hash[String, Any]',
    'Tuple[Any, Any]', 'Variant[Integer, Runtime]', 'NotUndef', 'Optional[Type]', 'Struct[{k0 => Any}]'
  ].freeze

  let(:ref_factory) { Puppet::Pops::Types::TypeFactory }
  let(:ref_calc) { Puppet::Pops::Types::TypeCalculator }

  # (error classes differ by design: see docs/divergences.md)
  def answer
    yield.to_s
  rescue StandardError
    :error
  end

  def compare(label, value, ref, gem, failures)
    r = answer(&ref)
    g = answer(&gem)
    failures << "#{label}(#{value.inspect[0, 120]}): reference #{r.inspect}, gem #{g.inspect}" unless r == g
  end

  it 'infers, checks and converts generated data holding Ruby objects as the reference does' do
    rng = Random.new(23)
    ref_types = type_strings.map { |s| Puppet::Pops::Types::TypeParser.singleton.parse(s) }
    gem_types = type_strings.map { |s| PuppetTypes::TypeParser.parse(s) }
    failures = []
    count = Integer(ENV.fetch('PUPPET_TYPES_RUBY_OBJECTS', '300'))
    count.times do
      v = RubyObjects.value(rng, RubyObjects::OBJECTS.sample(random: rng))
      compare('infer', v, -> { ref_calc.infer(v) }, -> { PuppetTypes::TypeCalculator.infer(v) }, failures)
      compare('infer_set', v, -> { ref_calc.infer_set(v) }, -> { PuppetTypes::TypeCalculator.infer_set(v) }, failures)
      compare('type_of', v, -> { ref_factory.type_of(v) }, -> { PuppetTypes::TypeFactory.type_of(v) }, failures)
      compare('array_of', v, -> { ref_factory.array_of(v) }, -> { PuppetTypes::TypeFactory.array_of(v) }, failures)
      type_strings.each_with_index do |s, i|
        compare("#{s}.instance?", v, -> { ref_types[i].instance?(v) }, -> { gem_types[i].instance?(v) }, failures)
      end
    end
    expect(failures.uniq.first(20)).to eq([])
  end

  describe 'TypeFactory arguments (type_of rules)' do
    it 'converts a plain value to the generalised type of the value where the reference does' do
      [1, 2.5, 'x', [1, 2], [1, 'a'], { 'a' => 1 }, {}, [], nil, true, :default, :sym, 1..3].each do |v|
        %i[type_of array_of optional].each do |m|
          expect(PuppetTypes::TypeFactory.send(m, v).to_s).to eq(ref_factory.send(m, v).to_s), "#{m}(#{v.inspect})"
        end
        expect(PuppetTypes::TypeFactory.tuple([v, v]).to_s).to eq(ref_factory.tuple([v, v]).to_s)
        expect(PuppetTypes::TypeFactory.hash_of(v).to_s).to eq(ref_factory.hash_of(v).to_s)
        expect(PuppetTypes::TypeFactory.variant(v, 'a').to_s).to eq(ref_factory.variant(v, 'a').to_s)
        expect(PuppetTypes::TypeFactory.struct('a' => v).to_s).to eq(ref_factory.struct('a' => v).to_s)
      end
      expect(PuppetTypes::TypeFactory.type_of(1).to_s).to eq('Integer')
      expect(PuppetTypes::TypeFactory.tuple([1, 2]).to_s).to eq('Tuple[Integer, Integer]')
    end

    it 'reads trailing Integers of callable as its size and any other argument as a type' do
      [[Integer, true], [1, 2, true], [String, 0, 1], [1], [String, 'x']].each do |args|
        expect(PuppetTypes::TypeFactory.callable(*args).to_s).to eq(ref_factory.callable(*args).to_s), args.inspect
      end
      expect(PuppetTypes::TypeFactory.callable(Integer, true).to_s).to eq('Callable[Integer, Boolean]')
    end

    it 'maps a Ruby class to the type of its instances, exactly (a subclass is a Runtime type)' do
      [Integer, Float, Numeric, String, TrueClass, FalseClass, NilClass, Regexp, Array, Hash, Class, Module, Symbol,
       Time, Object, BasicObject, Range, Struct, RubyObjects::ArraySub, RubyObjects::HashSub, RubyObjects::Base,
       RubyObjects.anonymous, 'Name'].each do |c|
        expect(PuppetTypes::TypeFactory.type_of(c).to_s).to eq(ref_factory.type_of(c).to_s), c.inspect
      end
      expect(PuppetTypes::TypeFactory.type_of(RubyObjects::ArraySub).to_s).to eq("Runtime[ruby, 'RubyObjects::ArraySub']")
    end

    it 'still refuses plain values where the reference would build a type of them (not_undef(1) is NotUndef[1])' do
      expect { PuppetTypes::TypeFactory.not_undef(1) }.to raise_error(PuppetTypes::ArgumentError)
      expect { PuppetTypes::TypeFactory.type_type([1]) }.to raise_error(PuppetTypes::ArgumentError)
    end
  end

  describe 'classes and modules as values' do
    it 'infers a class or module as the type of its Runtime type, an anonymous one without a name' do
      expect(PuppetTypes::TypeCalculator.infer(RubyObjects::Base).to_s).to eq("Type[Runtime[ruby, 'RubyObjects::Base']]")
      expect(PuppetTypes::TypeCalculator.infer(Comparable).to_s).to eq("Type[Runtime[ruby, 'Comparable']]")
      expect(PuppetTypes::TypeCalculator.infer(RubyObjects.anonymous.new).to_s).to eq('Runtime[ruby, undef]')
      [RubyObjects::Base, Comparable, RubyObjects.anonymous, RubyObjects.anonymous.new, Integer].each do |v|
        expect(PuppetTypes::TypeCalculator.infer(v).to_s).to eq(ref_calc.infer(v).to_s), v.inspect
      end
    end

    it 'prints and reads Runtime[ruby, undef] as the reference does' do
      expect(PuppetTypes::TypeFactory.runtime('ruby').to_s).to eq(ref_factory.runtime('ruby').to_s)
      expect(PuppetTypes::TypeParser.parse('Runtime[ruby, undef]')).to eq(PuppetTypes::TypeFactory.runtime('ruby'))
    end

    it 'holds objects of subclasses (and of classes including a module) in a Runtime type of the ancestor' do
      base = PuppetTypes::TypeFactory.runtime('ruby', 'RubyObjects::Base')
      expect(base.instance?(RubyObjects::Derived.new)).to be(true)
      expect(PuppetTypes::TypeFactory.runtime('ruby', 'RubyObjects::Mixin').instance?(RubyObjects::WithMixin.new)).to be(true)
      expect(PuppetTypes::TypeFactory.runtime('ruby', 'Object').instance?(RubyObjects.anonymous.new)).to be(false)
    end
  end

  describe 'subclasses of Array and Hash' do
    it 'are Runtime objects, not Arrays and Hashes' do
      sub = RubyObjects::ArraySub[1, 2]
      expect(PuppetTypes::TypeCalculator.infer(sub).to_s).to eq("Runtime[ruby, 'RubyObjects::ArraySub']")
      expect(PuppetTypes::TypeFactory.array_of_any.instance?(sub)).to be(false)
      expect(PuppetTypes::TypeFactory.hash_of_any.instance?(RubyObjects::HashSub['a' => 1])).to be(false)
      expect(PuppetTypes::TypeParser.parse('Iterable').instance?(sub)).to be(true)
      expect(PuppetTypes::TypeCalculator.infer([sub]).to_s).to eq(ref_calc.infer([sub]).to_s)
    end

    it 'keeps an Array with a singleton class an Array' do
      a = [1]
      def a.extra; end
      expect(PuppetTypes::TypeCalculator.infer(a).to_s).to eq('Array[Integer[1, 1], 1, 1]')
      expect(PuppetTypes::TypeCalculator.infer(a).to_s).to eq(ref_calc.infer(a).to_s)
    end
  end

  describe 'String formatting (Formatter.string) of Ruby objects' do
    let(:converter) { Puppet::Pops::Types::StringConverter.singleton }

    def formatted(value, format)
      yield(value, format).gsub(/0x\h+/, '0x')
    rescue StandardError
      :error
    end

    it 'shows Ruby objects as the reference: classes and modules by name, Array subclasses as Arrays, others by to_s' do
      quoting = Class.new { def to_s = "it's \"x\"\n" }
      values = [:sym, :'a b', 1..3, (1...3), ('a'..'c'), Time.at(0).utc, RubyObjects::HashSub['a' => 1],
                RubyObjects::Pair.new(1), Set[1], Rational(1, 2), RubyObjects::Base.new, quoting.new,
                [:a, 1..2], { a: :b }, { 'k' => quoting.new }, [[RubyObjects::Pair.new(2)]],
                RubyObjects::Base, RubyObjects::Mixin, Integer, RubyObjects.anonymous, Module.new,
                [RubyObjects::Base, { 'k' => Comparable }], RubyObjects::ArraySub[1, 'a', [2]],
                [RubyObjects::ArraySub[1]], { 'k' => RubyObjects::ArraySub['x'] }, RubyObjects::ArraySub[]]
      failures = []
      values.each do |v|
        ['%s', '%p', '%q', '%#s', '%10s', '%-10p', '%.2s', :default, '%d', '%a'].each do |f|
          r = formatted(v, f) { |x, y| converter.convert(x, y) }
          g = formatted(v, f) { |x, y| PuppetTypes::Formatter.string(x, y) }
          failures << "#{v.inspect} #{f.inspect}: reference #{r.inspect}, gem #{g.inspect}" unless r == g
        end
      end
      expect(failures).to eq([])
      expect(PuppetTypes::Formatter.string(:sym, '%s')).to eq('sym')
      expect(PuppetTypes::Formatter.string(1..3, '%p')).to eq("'1..3'")
      expect(PuppetTypes::Formatter.string(RubyObjects::Base, '%p')).to eq('RubyObjects::Base')
      expect(PuppetTypes::Formatter.string(RubyObjects::ArraySub[1, 'a'], '%(a')).to eq("(1, 'a')")
      # (a type written as text is still a type)
      expect(PuppetTypes::Formatter.string(PuppetTypes::TypeParser.parse("Runtime[ruby, 'RubyObjects::Base']")))
        .to eq("Runtime[ruby, 'RubyObjects::Base']")
    end

    it 'keeps its own text for an object whose to_s fails (the reference raises)' do
      broken = Class.new { def to_s = raise('no text') }
      expect(PuppetTypes::Formatter.string(broken.new, '%s')).to match(/\A#<.*>\z/)
    end
  end

  describe 'Regexps with options' do

    it "are Ruby's text of the Regexp (inferred, in types, matched and formatted) as in the reference" do
      failures = []
      [/a/i, /a b/x, /a/m, /a/mix, /a/im, /foo\/bar/, /foo\/bar/m, /a/ix, /(?i)a/, /a\sb/xi,
       Regexp.new('a/b', Regexp::MULTILINE)].each do |rx|
        {
          'infer' => ->(c, _f) { c.infer(rx).to_s }, 'infer_set' => ->(c, _f) { c.infer_set([rx]).to_s },
          'pattern' => ->(_c, f) { f.pattern(rx).to_s }, 'regexp' => ->(_c, f) { f.regexp(rx).to_s },
          'instance?' => lambda { |c, f|
            [f.regexp(rx).instance?(rx), f.pattern(rx).instance?('A'), f.pattern(rx).instance?('a b'),
             c.infer(rx).instance?(rx)]
          }
        }.each do |what, call|
          r = call.call(ref_calc, ref_factory)
          g = call.call(PuppetTypes::TypeCalculator, PuppetTypes::TypeFactory)
          failures << "#{rx.inspect} #{what}: reference #{r.inspect}, gem #{g.inspect}" unless r == g
        end
        ['%s', '%p', '%#s', '%.2s', '%10s', '%-12p', :default].each do |f|
          [rx, [rx]].each do |v|
            r = converter.convert(v, f)
            g = PuppetTypes::Formatter.string(v, f)
            failures << "#{v.inspect} #{f}: reference #{r.inspect}, gem #{g.inspect}" unless r == g
          end
        end
      end
      expect(failures).to eq([])
      expect(PuppetTypes::Formatter.string(/foo\/bar/m, '%s')).to eq('(?m-ix:foo/bar)')
    end

    it 'are the same on generated Regexps with generated options' do
      rng = Random.new(2303)
      pieces = ['a', 'foo/bar', '\\/', ' b ', '\\s', '[x-z]+', '(?i)c', '\\d{2}', '.', '#x', '^', '$', '\\A', '|', '(?m)', '(?i:d)']
      # (not ASCII: the reference shows Ruby's text, see docs/divergences.md)
      options = [0, Regexp::IGNORECASE, Regexp::EXTENDED, Regexp::MULTILINE]
      failures = []
      200.times do
        source = Array.new(1 + rng.rand(3)) { pieces.sample(random: rng) }.join
        rx = begin
          Regexp.new(source, options.sample(rng.rand(4), random: rng).inject(0, :|))
        rescue RegexpError
          next
        end
        subject = ['A', 'a b', 'foo/bar', "x\ny", '12', 'é', source].sample(random: rng)
        format = ['%s', '%p', '%#s', '%.3s', :default].sample(random: rng)
        call = lambda do |c, f, fmt|
          [c.infer(rx).to_s, f.pattern(rx).to_s, f.regexp(rx).to_s, f.pattern(rx).instance?(subject),
           f.regexp(rx).instance?(rx), fmt.call([rx], format)]
        rescue StandardError => e
          [:error, e.class.ancestors.include?(::ArgumentError)]
        end
        r = call.call(ref_calc, ref_factory, ->(v, f) { converter.convert(v, f) })
        g = call.call(PuppetTypes::TypeCalculator, PuppetTypes::TypeFactory, ->(v, f) { PuppetTypes::Formatter.string(v, f) })
        failures << "#{rx.inspect} on #{subject.inspect}, #{format}: reference #{r.inspect}, gem #{g.inspect}" unless r == g
      end
      warn(*failures.first(10)) if ENV["DUMP"]
      expect(failures.first(10)).to eq([])
    end

    let(:converter) { Puppet::Pops::Types::StringConverter.singleton }
  end

  describe 'Struct elements' do
    it 'give the key types, names and value types of generated Structs as the reference' do
      rng = Random.new(2304)
      values = [->(f) { f.string }, ->(f) { f.optional(f.string) }, ->(f) { f.integer }, ->(f) { f.undef },
                ->(f) { f.optional(f.integer) }, ->(f) { f.any }, ->(f) { f.variant(f.undef, f.string) },
                ->(f) { f.not_undef(f.any) }, ->(_) { Integer }, ->(_) { nil }, ->(_) { 'Foo' }, ->(_) { [1] }]
      keys = [->(_, k) { k }, ->(f, k) { f.optional(k) }, ->(f, k) { f.not_undef(k) }, ->(f, k) { f.string(k) },
              ->(f, k) { f.enum(k) }]
      describe_elements = lambda do |f, spec|
        t = f.struct(spec.to_h { |k, n, v| [keys[k].call(f, n), values[v].call(f)] })
        [t.to_s, t.elements.map { |e| [e.name, e.key_type.to_s, e.value_type.to_s] }]
      rescue StandardError => e
        [:error, e.is_a?(::ArgumentError)]
      end
      failures = []
      150.times do
        spec = Array.new(rng.rand(4)) { |i| [rng.rand(keys.size), "k#{i}", rng.rand(values.size)] }
        r = describe_elements.call(ref_factory, spec)
        next if r == [:error, false] # (the reference crashes: an Enum key is a NoMethodError)

        g = describe_elements.call(PuppetTypes::TypeFactory, spec)
        failures << "#{spec.inspect}: reference #{r.inspect}, gem #{g.inspect}" unless r == g
      end
      warn(*failures.first(10)) if ENV["DUMP"]
      expect(failures.first(10)).to eq([])
    end

    it "give the key type as the reference's elements do: Optional['k'] when the key may be missing" do
      build = lambda do |f|
        f.struct('member' => f.optional(f.string), 'b' => f.integer, f.not_undef('c') => f.optional(f.string),
                 f.optional('d') => f.integer, 'e' => f.undef, f.not_undef('g') => f.undef,
                 f.optional('h') => f.optional(f.integer))
      end
      describe_elements = ->(t) { [t.to_s, t.elements.map { |e| [e.name, e.key_type.to_s, e.value_type.to_s] }] }
      expect(describe_elements.call(build.call(PuppetTypes::TypeFactory))).to eq(describe_elements.call(build.call(ref_factory)))
      ['Struct[{member => Optional[String], b => Integer, e => Undef}]',
       'Struct[{Optional[a] => Integer, NotUndef[b] => Optional[Integer], NotUndef[c] => Undef, ' \
       'd => Variant[Undef, Integer], e => Any, f => Data, g => NotUndef[Any]}]'].each do |s|
        expect(describe_elements.call(PuppetTypes::TypeParser.parse(s)))
          .to eq(describe_elements.call(Puppet::Pops::Types::TypeParser.singleton.parse(s)))
      end
      member = PuppetTypes::TypeFactory.struct('member' => PuppetTypes::TypeFactory.optional(PuppetTypes::TypeFactory.string))
      expect(member.elements.first.key_type.to_s).to eq("Optional['member']")
    end
  end
end
