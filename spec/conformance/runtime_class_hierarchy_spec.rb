# frozen_string_literal: true

require 'spec_helper'
require 'tmpdir'

# `Runtime[ruby, 'Name']` types answer by Ruby's class hierarchy, the names
# resolved when a call is made (autoload and const_missing run), as in the
# reference: compared on generated hierarchies of classes and modules
# (subclasses, include, prepend, nested names, aliases, names that stand for
# nothing) for assignable?, instance?, infer, infer_set, common_type and
# type_of. PUPPET_TYPES_CLASS_HIERARCHIES=N sets how many hierarchies (default 40).
RSpec.describe 'Ruby class hierarchies of Runtime types against the reference', reference: true do
  # One generated hierarchy, under its own namespace module.
  class GeneratedHierarchy
    attr_reader :names, :classes, :modules, :anonymous

    def initialize(rng, index, dir)
      @rng = rng
      @ns = Module.new
      RuntimeHierarchies.const_set("H#{index}", @ns)
      @modules = []
      @classes = []
      build_modules
      build_classes
      build_constants(index, dir)
      @anonymous = Class.new(pick(@classes))
      @names = (@classes + @modules).map(&:name) + extra_names
    end

    def pick(list)
      list.sample(random: @rng)
    end

    # Where a class or module is defined: the namespace, or a module of it ('H1::M0::C2').
    def host
      @modules.empty? || @rng.rand(3).positive? ? @ns : pick(@modules)
    end

    def build_modules
      @rng.rand(1..3).times do |i|
        m = Module.new
        host.const_set("M#{i}", m)
        m.include(pick(@modules)) if !@modules.empty? && @rng.rand(2).zero?
        @modules << m
      end
    end

    def build_classes
      @rng.rand(2..6).times do |i|
        c = Class.new(@classes.empty? || @rng.rand(4).zero? ? Object : pick(@classes))
        host.const_set("C#{i}", c)
        case @rng.rand(4)
        when 0 then c.include(pick(@modules))
        when 1 then c.prepend(pick(@modules))
        end
        @classes << c
      end
    end

    # An alias of a class, a constant that is no class, a class autoloaded
    # when first named, and classes made by const_missing.
    def build_constants(index, dir)
      @ns.const_set(:Alias, pick(@classes))
      @ns.const_set(:NotAClass, 3)
      superclass = pick(@classes)
      file = File.join(dir, "auto#{index}.rb")
      File.write(file, "#{@ns.name}::Auto = Class.new(#{superclass.name})\n")
      @ns.autoload(:Auto, file)
      made = Hash.new { |h, name| h[name] = Class.new(superclass) }
      @ns.define_singleton_method(:const_missing) do |name|
        name.to_s.start_with?('Dyn') ? made[name] : super(name)
      end
    end

    def extra_names
      ns = @ns.name
      ["#{ns}::Alias", "#{ns}::Missing", "#{ns}::NotAClass", "#{ns}::NotAClass::X", "#{ns}::Auto", "#{ns}::Dyn1",
       "::#{pick(@classes).name}", "#{ns}::lower", "#{pick(@classes).name}::", 'Object', 'BasicObject', 'Kernel',
       'Comparable', ns]
    end

    # The shape of a generated type, with a `%<nN>s` for each class name.
    def type_shape(count = [0], depth = 0)
      hole = -> { "'%<n#{count[0] += 1}>s'" }
      case depth < 2 ? @rng.rand(12) : 0
      when 0, 1, 2, 3 then "Runtime[ruby, #{hole.call}]"
      when 4 then "Variant[#{type_shape(count, depth + 1)}, #{type_shape(count, depth + 1)}]"
      when 5 then "Optional[#{type_shape(count, depth + 1)}]"
      when 6 then "Array[#{type_shape(count, depth + 1)}]"
      when 7 then "Struct[{a => #{type_shape(count, depth + 1)}, Optional[b] => #{type_shape(count, depth + 1)}}]"
      when 8 then "Type[#{type_shape(count, depth + 1)}]"
      when 9 then "Hash[String, #{type_shape(count, depth + 1)}]"
      when 10 then "Tuple[#{type_shape(count, depth + 1)}, #{type_shape(count, depth + 1)}]"
      else pick(['Runtime', 'Any', 'Type', 'NotUndef', 'Scalar'])
      end
    end

    # Two types of the same shape, the second's names related to the
    # first's (the same, a subclass or including class, an ancestor, any).
    def type_pair
      shape = type_shape
      holes = shape.scan(/%<(n\d+)>s/).flatten.map(&:to_sym)
      a = holes.to_h { |h| [h, pick(@names)] }
      b = a.transform_values { |name| related(name) }
      [format(shape, a), format(shape, b)]
    end

    def type_text
      type_pair.first
    end

    # The classes and modules of the hierarchy (not those named first when a
    # call resolves them: autoloaded and made by const_missing).
    def known
      @classes + @modules
    end

    def related(name)
      mod = known.find { |m| m.name == name }
      return pick(@names) if mod.nil?

      case @rng.rand(4)
      when 0 then name
      when 1 then pick(known.select { |m| m <= mod }.map(&:name))
      when 2 then pick(mod.ancestors.map(&:name).compact)
      else pick(@names)
      end
    end

    # A generated value: objects of this hierarchy's classes, the classes and
    # modules themselves, types of this hierarchy (made by `parse`), in Arrays
    # and Hashes. Objects are mostly of `near` classes, when given.
    def value(parse, near, depth = 0)
      classes = near.empty? || @rng.rand(3).zero? ? @classes : near
      case depth < 2 ? @rng.rand(9) : @rng.rand(5)
      when 0, 1 then pick(classes).new
      when 2 then pick(classes + @modules)
      when 3 then pick([@anonymous.new, 1, 'a', nil])
      when 4 then parse.call(type_text)
      when 5, 6 then Array.new(@rng.rand(1..3)) { value(parse, near, depth + 1) }
      else Array.new(@rng.rand(1..3)) { |i| ["k#{i}", value(parse, near, depth + 1)] }.to_h
      end
    end

    # Values built twice from the same generator state: once with the
    # reference's types, once with the gem's; their objects mostly of
    # classes within those named in `type`.
    def value_pair(type, ref_parse, gem_parse)
      named = known.select { |m| type.include?("'#{m.name}'") }
      near = @classes.select { |c| named.any? { |m| c <= m } }
      state = @rng.rand(2**31)
      [ref_parse, gem_parse].map do |parse|
        saved = @rng
        @rng = Random.new(state)
        v = value(parse, near)
        @rng = saved
        v
      end
    end
  end

  module RuntimeHierarchies; end

  let(:ref_calc) { Puppet::Pops::Types::TypeCalculator }
  let(:ref_parser) { Puppet::Pops::Types::TypeParser.singleton }

  def answer
    r = yield
    r.is_a?(String) ? r : r.to_s
  rescue StandardError => e
    [:error, e.class.name, e.message[0, 200]]
  end

  # The reference's common type of two Runtime types neither of which is
  # assignable to the other calls a private method of its ClassLoader
  # (`provide_from_type`): a NoMethodError (see docs/divergences.md).
  def reference_crash?(answer)
    answer.is_a?(Array) && answer[1] == 'NoMethodError' && answer[2].include?('provide_from_type')
  end

  describe 'resolving class names' do
    let(:gem_factory) { PuppetTypes::TypeFactory }
    let(:ref_factory) { Puppet::Pops::Types::TypeFactory }

    def assignable_both(base, sub)
      [ref_calc.assignable?(ref_factory.runtime('ruby', base), ref_factory.runtime('ruby', sub)),
       PuppetTypes::TypeCalculator.assignable?(gem_factory.runtime('ruby', base), gem_factory.runtime('ruby', sub))]
    end

    it 'resolves the names at each call, so classes defined since count' do
      late = Module.new
      RuntimeHierarchies.const_set(:Late, late)
      expect(assignable_both('RuntimeHierarchies::Late::Base', 'RuntimeHierarchies::Late::Sub')).to eq([false, false])
      late.const_set(:Base, Class.new)
      late.const_set(:Sub, Class.new(late::Base))
      expect(assignable_both('RuntimeHierarchies::Late::Base', 'RuntimeHierarchies::Late::Sub')).to eq([true, true])
    end

    it 'resolves no name where the names are equal or no Runtime type names a class' do
      asked = []
      watched = Module.new
      watched.define_singleton_method(:const_missing) { |name| asked << name; super(name) }
      RuntimeHierarchies.const_set(:Watched, watched)
      missing = gem_factory.runtime('ruby', 'RuntimeHierarchies::Watched::Missing')
      expect(PuppetTypes::TypeCalculator.assignable?(missing, missing)).to be(true)
      expect(gem_factory.array_of(gem_factory.string).instance?([1, Object.new])).to be(false)
      expect(asked).to eq([])
      expect(PuppetTypes::TypeCalculator.assignable?(gem_factory.runtime('ruby', 'Object'), missing)).to be(false)
      expect(asked).to eq([:Missing])
    end

    it 'raises what resolving a name raises, other than a NameError, as the reference does' do
      failing = Module.new
      failing.define_singleton_method(:const_missing) { |_name| raise ArgumentError, 'no such thing' }
      RuntimeHierarchies.const_set(:Failing, failing)
      expect { assignable_both('Object', 'RuntimeHierarchies::Failing::X') }.to raise_error(ArgumentError, 'no such thing')
      expect do
        PuppetTypes::TypeCalculator.assignable?(gem_factory.runtime('ruby', 'Object'),
                                                gem_factory.runtime('ruby', 'RuntimeHierarchies::Failing::X'))
      end.to raise_error(ArgumentError, 'no such thing')
    end

    it 'holds objects of subclasses and classes including a module, checked in data' do
      base = Class.new
      mixin = Module.new
      RuntimeHierarchies.const_set(:ObjBase, base)
      RuntimeHierarchies.const_set(:ObjMixin, mixin)
      RuntimeHierarchies.const_set(:ObjAlias, base)
      RuntimeHierarchies.const_set(:ObjSub, Class.new(base) { include mixin })
      data = [RuntimeHierarchies::ObjSub.new, { 'k' => RuntimeHierarchies::ObjSub }]
      %w[Array[Variant[Runtime[ruby,'RuntimeHierarchies::ObjAlias'],Hash[String,Type[Runtime[ruby,'RuntimeHierarchies::ObjMixin']]]]]
         Array[Variant[Runtime[ruby,'::RuntimeHierarchies::ObjBase'],Hash[String,Type[Runtime[ruby,'Comparable']]]]]]
        .zip([true, false]).each do |s, holds|
        expect([PuppetTypes::TypeParser.parse(s).instance?(data), ref_parser.parse(s).instance?(data)]).to eq([holds, holds]), s
      end
      expect(PuppetTypes::TypeCalculator.infer([RuntimeHierarchies::ObjSub.new, base.new]).to_s)
        .to eq("Array[Runtime[ruby, 'RuntimeHierarchies::ObjBase'], 2, 2]")
    end

    it 'gives objects of unrelated classes the type of their nearest common superclass (the reference raises)' do
      base = RuntimeHierarchies.const_set(:UnrelatedBase, Class.new)
      one = RuntimeHierarchies.const_set(:UnrelatedOne, Class.new(base))
      other = RuntimeHierarchies.const_set(:UnrelatedOther, Class.new(base))
      expect { ref_calc.infer([:a, 1..2]) }.to raise_error(NoMethodError, /provide_from_type/)
      expect(PuppetTypes::TypeCalculator.infer([:a, 1..2]).to_s).to eq("Array[Runtime[ruby, 'Object'], 2, 2]")
      expect(PuppetTypes::TypeCalculator.infer([one.new, other.new]).to_s)
        .to eq("Array[Runtime[ruby, 'RuntimeHierarchies::UnrelatedBase'], 2, 2]")
      expect(PuppetTypes::TypeFactory.type_of([one, Integer]).to_s).to eq("Array[Type[Runtime[ruby, 'Object']]]")
      expect(PuppetTypes::TypeCalculator.infer([Enumerable, Integer]).to_s).to eq('Array[Type[Any], 2, 2]')
    end
  end

  # What the reference's common type of two Runtime types means to answer
  # where it raises: the Runtime type of the nearest superclass the two
  # classes share (none for modules: Any).
  def nearest_common_superclass(x, y)
    return 'Any' unless x.is_a?(Class) && y.is_a?(Class)

    "Runtime[ruby, '#{x.ancestors.grep(Class).find { |c| y <= c }.name}']"
  end

  it 'answers as the reference for generated class hierarchies' do
    rng = Random.new(Integer(ENV.fetch('PUPPET_TYPES_CLASS_HIERARCHY_SEED', '2323')))
    count = Integer(ENV.fetch('PUPPET_TYPES_CLASS_HIERARCHIES', '40'))
    tally = Hash.new(0)
    failures = []
    ref_parse = ->(s) { ref_parser.parse(s) }
    gem_parse = ->(s) { PuppetTypes::TypeParser.parse(s) }
    compare = lambda do |label, ref, gem|
      r = answer(&ref)
      g = answer(&gem)
      if r == g
        tally[:agree] += 1
      elsif reference_crash?(r) && !g.is_a?(Array)
        tally[:reference_crash] += 1
      else
        failures << "#{label}: reference #{r.inspect}, gem #{g.inspect}"
      end
    end
    Dir.mktmpdir('runtime_hierarchies') do |dir|
      count.times do |index|
        h = GeneratedHierarchy.new(rng, index, dir)
        30.times do
          a, b = h.type_pair
          ra = ref_parse.call(a)
          rb = ref_parse.call(b)
          ga = gem_parse.call(a)
          gb = gem_parse.call(b)
          compare.call("assignable?(#{a}, #{b})", -> { ref_calc.assignable?(ra, rb) },
                       -> { PuppetTypes::TypeCalculator.assignable?(ga, gb) })
          compare.call("common_type(#{a}, #{b})", -> { ref_calc.singleton.common_type(ra, rb) },
                       -> { PuppetTypes::TypeCalculator.common_type(ga, gb) })
          rv, gv = h.value_pair(a, ref_parse, gem_parse)
          compare.call("#{a}.instance?(#{rv.inspect[0, 200]})", -> { ra.instance?(rv) }, -> { ga.instance?(gv) })
          described = PuppetTypes::TypeCalculator.describe_mismatch(ga, gv)
          failures << "describe_mismatch #{described.inspect} of #{a}" if described.nil? != ga.instance?(gv)
          compare.call("infer(#{rv.inspect[0, 200]})", -> { ref_calc.infer(rv) },
                       -> { PuppetTypes::TypeCalculator.infer(gv) })
          compare.call("infer_set(#{rv.inspect[0, 200]})", -> { ref_calc.infer_set(rv) },
                       -> { PuppetTypes::TypeCalculator.infer_set(gv) })
          compare.call("type_of(#{rv.inspect[0, 200]})", -> { Puppet::Pops::Types::TypeFactory.type_of(rv) },
                       -> { PuppetTypes::TypeFactory.type_of(gv) })
        end
        h.known.product(h.known).each do |x, y|
          r = answer { ref_calc.singleton.common_type(ref_parse.call("Runtime[ruby, '#{x.name}']"), ref_parse.call("Runtime[ruby, '#{y.name}']")) }
          g = answer { PuppetTypes::TypeCalculator.common_type(gem_parse.call("Runtime[ruby, '#{x.name}']"), gem_parse.call("Runtime[ruby, '#{y.name}']")) }
          expected = reference_crash?(r) ? nearest_common_superclass(x, y) : r
          tally[reference_crash?(r) ? :superclass : :agree] += 1
          failures << "common_type(#{x}, #{y}): reference #{r.inspect}, expected #{expected}, gem #{g.inspect}" unless g == expected
        end
      end
    end
    puts "\n  Runtime class hierarchies: #{tally[:agree]} answers agree, #{tally[:reference_crash]} where " \
         "the reference raises NoMethodError, and #{tally[:superclass]} common types of two classes where it " \
         'raises are the nearest common superclass' if ENV['PUPPET_TYPES_VERBOSE']
    File.write(ENV['PUPPET_TYPES_FAILURES'], failures.uniq.join("\n")) if ENV['PUPPET_TYPES_FAILURES']
    expect(failures.uniq.first(20)).to eq([])
    expect(tally[:agree]).to be > 100 * count
  end
end
