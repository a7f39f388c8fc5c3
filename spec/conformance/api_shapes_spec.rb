# frozen_string_literal: true

require 'spec_helper'

# The calls of Puppet::Pops::Types that tools make beyond parse/instance?/
# infer (range arithmetic, normalize, iterable types, callable?, iterable,
# infer_generic, TypeParser.interpret, Parser#parse(validate: false)),
# compared with the reference on generated arguments.
RSpec.describe 'Reference API shapes', reference: true do
  let(:ref) { [Puppet::Pops::Types::TypeFactory, Puppet::Pops::Types::TypeParser.singleton, Puppet::Pops::Types::TypeCalculator] }
  let(:gem) { [PuppetTypes::TypeFactory, PuppetTypes::TypeParser, PuppetTypes::TypeCalculator] }

  def shown(x)
    case x
    when Array then x.map { |e| shown(e) }
    when Enumerator then x.to_a
    when Puppet::Pops::Types::PAnyType, PuppetTypes::Type then x.to_s
    else x
    end
  end

  # [label, answer of the reference, answer of the gem] for each call that
  # the reference answers (where it raises, as for Float ranges with an open
  # end, the gem's answer is its own).
  def compare(cases)
    failures = []
    cases.each do |label, call|
      r = begin
        shown(call.call(*ref))
      rescue StandardError
        next
      end
      g = begin
        shown(call.call(*gem))
      rescue StandardError => e
        [:error, e.class, e.message]
      end
      failures << "#{label}: reference #{r.inspect}, gem #{g.inspect}" unless r == g
    end
    expect(failures).to eq([])
    expect(cases.size).to be > 10
  end

  it 'intersects, joins and merges Integer and Float ranges as the reference' do
    rng = Random.new(5)
    ends = [nil, -5, 0, 1, 3, 5, 6, 8, 10]
    cases = []
    60.times do
      a, b = ends.sample(2, random: rng).sort_by { |x| x || -100 }
      c, d = ends.sample(2, random: rng).sort_by { |x| x || -100 }
      %i[intersect? adjacent? merge].each do |m|
        cases << ["Integer[#{a}, #{b}].#{m}(Integer[#{c}, #{d}])",
                  ->(f, _, _) { f.range(a || :default, b || :default).send(m, f.range(c || :default, d || :default)) }]
      end
      %i[intersect? merge].each do |m|
        cases << ["Float[#{a}, #{b}].#{m}(Float[#{c}, #{d}])",
                  ->(f, _, _) { f.float_range(a&.to_f, b&.to_f).send(m, f.float_range(c&.to_f, d&.to_f)) }]
      end
    end
    compare(cases)
    expect(PuppetTypes::TypeFactory.range(1, 5).merge(PuppetTypes::TypeFactory.range(6, 10)).to_s).to eq('Integer[1, 10]')
  end

  it 'gives size ranges, iterable types, normalized types and the other readers as the reference' do
    cases = []
    %w[Array Array[Integer,2] Hash Hash[String,Integer,1,2] Tuple[Integer,String] Collection[2,5] Array[Integer,0,0]
       Tuple[Integer,1,3]].each { |t| cases << ["#{t}.size_range", ->(_, p, _) { p.parse(t).size_range }] }
    %w[Array[Integer] Integer[1,3] Hash[String,Integer] Enum[a,b] String Iterable[String] Iterator[Integer]
       Tuple[Integer,String] Integer Boolean Type[Enum[a]] Struct[{a=>Integer}] Float Array].each do |t|
      cases << ["#{t}.iterable_type", ->(_, p, _) { p.parse(t).iterable_type }]
      cases << ["#{t}.iterable?", ->(_, p, _) { p.parse(t).iterable? }]
    end
    ['Variant[Integer[1,3], Integer[4,5]]', 'Optional[Optional[String]]', 'Variant[Enum[a], Enum[b], String[1]]',
     'Variant[Integer, Undef]', 'NotUndef[Optional[Integer]]', 'Variant[Array[Integer], Array[String]]',
     'Variant[Integer[1,2], Integer[5,6], Float]'].each do |t|
      cases << ["#{t}.normalize", ->(_, p, _) { p.parse(t).normalize }]
    end
    cases << ['runtime_type_name', ->(_, p, _) { p.parse("Runtime[ruby, 'Foo']").runtime_type_name }]
    %w[Hash[0,0] Hash Hash[String,Integer,0,0] Hash[String,Integer,1]].each do |t|
      cases << ["#{t}.is_the_empty_hash?", ->(_, p, _) { p.parse(t).is_the_empty_hash? }]
    end
    cases << ['optional_type', ->(_, p, _) { [p.parse('Optional[Integer]').optional_type, p.parse('Optional').optional_type] }]
    cases << ['shared instances',
              ->(f, _, _) { [f.integer.equal?(f.integer), f.string.equal?(f.string), f.any.equal?(f.any)] }]
    compare(cases)
  end

  it 'answers callable?, iterable and infer_generic as the reference' do
    cases = []
    [['Callable[Integer, String]', 'Tuple[Integer, String]'], ['Callable[Integer, String]', 'Tuple[Integer]'],
     ['Callable[Integer]', 'Callable[Integer]'], ['Callable[Integer]', 'Tuple[Integer, Integer]'],
     ['Callable[Integer, 1, 2]', 'Tuple[Integer, Integer]'], ['Callable[[Integer], Integer]', 'Tuple[Integer]'],
     ['Callable[Integer, Callable]', 'Tuple[Integer, Callable]'], ['Callable[Integer, Callable]', 'Tuple[Integer]'],
     %w[Integer Tuple[Integer]], ['Callable[Integer, Optional[Callable]]', 'Tuple[Integer]'],
     ['Callable[String, Callable[1, 1]]', 'Tuple[String, Callable[1, 1]]']].each do |a, b|
      cases << ["callable?(#{a}, #{b})", ->(_, p, c) { c.callable?(p.parse(a), p.parse(b)) }]
    end
    [[1, 2], { 'a' => 1 }, 'ab', 3, 0, -3, nil, 1.5, :sym].each do |v|
      cases << ["iterable(#{v.inspect})", ->(_, _, c) { c.iterable(v)&.to_a }]
    end
    %w[Integer[1,3] Enum[a,b]].each { |t| cases << ["iterable(#{t})", ->(_, p, c) { c.iterable(p.parse(t)).to_a }] }
    [[1, 'a'], { 'a' => [1] }, 1, 'x', [[1, 2.5]]].each do |v|
      cases << ["infer_generic(#{v.inspect})",
                ->(_, _, c) { c.respond_to?(:singleton) ? c.singleton.infer_generic(v) : c.infer_generic(v) }]
    end
    compare(cases)
  end

  it 'interprets a type expression node of a parsed program (TypeParser.interpret)' do
    ast = PuppetTypes::Parser.new.parse("$x = Array[Integer[1, 3], 2]\n")
    node = ast.root.each_node.find { |n| n.kind == 'AccessExpression' }
    expect(PuppetTypes::TypeParser.interpret(node).to_s).to eq('Array[Integer[1, 3], 2]')
    reference = Puppet::Pops::Parser::Parser.new.parse_string("Array[Integer[1, 3], 2]\n").model.body
    expect(Puppet::Pops::Types::TypeParser.singleton.interpret(reference).to_s).to eq('Array[Integer[1, 3], 2]')
    expect { PuppetTypes::TypeParser.interpret(1) }.to raise_error(PuppetTypes::ArgumentError)
  end

  it "parses without validating (validate: false) what the reference's Parser#parse_string accepts" do
    ['node a inherits b { }', '$a += 1', 'define a($name) {}', '$a[1] = 2', '1'].each do |source|
      Puppet::Pops::Parser::Parser.new.parse_string(source)
      expect { PuppetTypes::Parser.new.parse(source, nil, validate: false) }.not_to raise_error
    end
    expect { PuppetTypes::Parser.new.parse('$a += 1') }.to raise_error(PuppetTypes::ParseError, /no longer supported/)
    expect { PuppetTypes::Parser.new.parse('$a = ', 'x.pp', validate: false) }.to raise_error(PuppetTypes::ParseError)
  end

  # A generated type expression (ranges, wrappers, collections, variants).
  def self.type_source(rng, depth = 0)
    leaves = %w[Integer String Any Undef Float Numeric Boolean Scalar Data Regexp Default Integer[1,3] Integer[5,9]
                Integer[0,default] Float[1.0,2.5] Enum[a,b] Enum[b] Pattern[/x/] String[1] String[0,0] Timespan]
    case depth > 2 ? 0 : rng.rand(9)
    when 0, 1, 2 then leaves.sample(random: rng)
    when 3 then "Variant[#{Array.new(1 + rng.rand(3)) { type_source(rng, depth + 1) }.join(', ')}]"
    when 4 then "#{%w[Optional NotUndef Iterable Iterator Type].sample(random: rng)}[#{type_source(rng, depth + 1)}]"
    when 5 then "Array[#{type_source(rng, depth + 1)}#{[', 2', ', 0, 0', ', 1, 3', ''].sample(random: rng)}]"
    when 6 then "Hash[String, #{type_source(rng, depth + 1)}#{[', 0, 0', ', 1', ''].sample(random: rng)}]"
    when 7 then "Tuple[#{Array.new(rng.rand(3)) { type_source(rng, depth + 1) }.join(', ')}#{[', 1, 3', ''].sample(random: rng)}]"
    else "#{%w[Collection Hash Array].sample(random: rng)}[#{rng.rand(3)}, #{[rng.rand(3) + 2, 'default'].sample(random: rng)}]"
    end
  end

  it 'gives the readers of generated types (normalize, iterable_type, size_range, ...) as the reference' do
    rng = Random.new(11)
    sources = Array.new(150) { self.class.type_source(rng) }.uniq
    cases = sources.flat_map do |t|
      %i[normalize iterable_type iterable? size_range is_the_empty_hash? optional_type generalize].map do |m|
        # (a reader the reference's type lacks raises there, and is not compared)
        ["#{t}.#{m}", lambda do |_, p, c|
          x = p.parse(t)
          m == :generalize && c == PuppetTypes::TypeCalculator ? c.generalize(x) : x.public_send(m)
        end]
      end
    end
    compare(cases)
  end

  it 'answers callable?, iterable and infer_generic on generated arguments as the reference' do
    rng = Random.new(13)
    cases = []
    80.times do
      params = Array.new(rng.rand(3)) { self.class.type_source(rng, 2) }
      args = Array.new(rng.rand(3)) { self.class.type_source(rng, 2) }
      sized = rng.rand(3).zero? ? ", #{rng.rand(2)}, #{[2, 'default'].sample(random: rng)}" : ''
      callable = params.empty? && sized.empty? ? 'Callable' : "Callable[#{(params + [sized.delete_prefix(', ')]).reject(&:empty?).join(', ')}]"
      tuple = "Tuple[#{args.join(', ')}]"
      cases << ["callable?(#{callable}, #{tuple})", ->(_, p, c) { c.callable?(p.parse(callable), p.parse(tuple)) }]
    end
    value = lambda do |depth|
      case depth > 1 ? rng.rand(5) : rng.rand(8)
      when 0 then rng.rand(7) - 3
      when 1 then %w[ab x].sample(random: rng)
      when 2 then [nil, true, 1.5, :sym].sample(random: rng)
      when 3 then ''
      when 4 then [0, 2, -1].sample(random: rng)
      when 5 then Array.new(rng.rand(3)) { value.call(depth + 1) }
      else Array.new(rng.rand(3)) { |i| ["k#{i}", value.call(depth + 1)] }.to_h
      end
    end
    60.times do
      v = value.call(0)
      cases << ["iterable(#{v.inspect})", ->(_, _, c) { c.iterable(v)&.to_a }]
      cases << ["infer_generic(#{v.inspect})",
                ->(_, _, c) { c.respond_to?(:singleton) ? c.singleton.infer_generic(v) : c.infer_generic(v) }]
    end
    compare(cases)
  end

  it 'interprets the type expressions of generated programs (TypeParser.interpret) as the reference' do
    rng = Random.new(17)
    failures = []
    Array.new(80) { self.class.type_source(rng) }.uniq.each do |t|
      source = "$x = #{t}\n"
      reference = begin
        Puppet::Pops::Types::TypeParser.singleton.interpret(Puppet::Pops::Parser::Parser.new.parse_string(source).model.body.right_expr).to_s
      rescue StandardError
        next
      end
      node = PuppetTypes::Parser.new.parse(source).root.children.last
      gem = PuppetTypes::TypeParser.interpret(node).to_s
      failures << "#{t}: reference #{reference}, gem #{gem}" unless gem == reference
    end
    expect(failures).to eq([])
  end

  it "accepts without validating (validate: false) the generated programs the reference's parser accepts" do
    rng = Random.new(19)
    snippets = ['node a inherits b { }', '$a += 1', '$a -= [1]', 'define a($name) {}', '$a[1] = 2', '1', 'class a { }',
                'notice(1)', '$x = { a => 1 }', 'Foo { a => 1 }', 'if $a { }', 'unless $b { } else { }', '$x =',
                'node default { }', 'class a inherits b::c { }', "@@file { 'x': }", 'File <| |>', '1 + ', 'x::y()']
    failures = []
    200.times do
      source = Array.new(1 + rng.rand(3)) { snippets.sample(random: rng) }.join("\n")
      reference = begin
        Puppet::Pops::Parser::Parser.new.parse_string(source)
        true
      rescue Puppet::ParseError
        false
      end
      gem = begin
        PuppetTypes::Parser.new.parse(source, nil, validate: false)
        true
      rescue PuppetTypes::ParseError
        false
      end
      failures << "#{source.inspect}: reference #{reference}, gem #{gem}" unless gem == reference
    end
    expect(failures.first(10)).to eq([])
  end

  it 'answers assignable? and common_type of generated Callable, Iterable and Iterator types as the reference' do
    rng = Random.new(7)
    leaves = %w[Integer String Any Numeric Integer[1,3] Enum[a] Undef Optional[Integer] Scalar Data Array[Integer]
                Tuple[Integer,String]]
    gen = lambda do |depth|
      case rng.rand(depth > 1 ? 3 : 6)
      when 0, 1, 2 then leaves.sample(random: rng)
      when 3
        params = Array.new(rng.rand(3)) { gen.call(depth + 1) }
        params += [rng.rand(3), %w[default 2 3].sample(random: rng)] if rng.rand < 0.3
        params << "Callable[#{gen.call(depth + 1)}]" if rng.rand < 0.2
        if rng.rand < 0.4
          "Callable[[#{params.join(', ')}], #{gen.call(depth + 1)}]"
        else
          params.empty? ? 'Callable' : "Callable[#{params.join(', ')}]"
        end
      when 4 then %w[Iterable Iterator].sample(random: rng) + (rng.rand < 0.7 ? "[#{gen.call(depth + 1)}]" : '')
      else "Variant[#{gen.call(depth + 1)}, #{gen.call(depth + 1)}]"
      end
    end
    fixed = ['Callable[2, 2]', 'Callable[Integer, Integer]', 'Callable[[Integer], String]', 'Callable[[Integer], Integer]',
             'Iterator[Any]', 'Iterator', 'Iterable[Any]', 'Iterable']
    strings = (fixed + Array.new(120) { gen.call(0) }).uniq.select do |t|
      Puppet::Pops::Types::TypeParser.singleton.parse(t) && PuppetTypes::TypeParser.parse(t)
    rescue StandardError
      false
    end.first(70)
    rp = strings.to_h { |t| [t, Puppet::Pops::Types::TypeParser.singleton.parse(t)] }
    gp = strings.to_h { |t| [t, PuppetTypes::TypeParser.parse(t)] }
    calc = Puppet::Pops::Types::TypeCalculator.singleton
    failures = []
    compared = 0
    strings.product(strings).each do |a, b|
      r = begin
        [rp[a].assignable?(rp[b]), calc.common_type(rp[a], rp[b]).to_s]
      rescue StandardError
        next # (the reference crashes on some pairs: NoMethodError)
      end
      g = [gp[a].assignable?(gp[b]), PuppetTypes::TypeCalculator.common_type(gp[a], gp[b]).to_s]
      compared += 1
      failures << "#{a} vs #{b}: reference #{r.inspect}, gem #{g.inspect}" unless r == g
    end
    expect(failures.first(20)).to eq([])
    expect(compared).to be > 2000
    expect(PuppetTypes::TypeParser.parse('Callable[2, 2]').assignable?(PuppetTypes::TypeParser.parse('Callable[Integer, Integer]'))).to be(true)
  end
end
