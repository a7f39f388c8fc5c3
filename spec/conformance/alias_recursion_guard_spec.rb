# frozen_string_literal: true

require 'spec_helper'

# assignable? between types holding the self-recursive aliases Data and
# RichData, compared with the reference on generated pairs. The rule checked:
# a recursion guard lives only as long as the check of the outermost
# self-recursive alias that made it, so the members of a Variant outside any
# such alias are checked afresh (`Variant[Data, Type[Integer]]` is not
# assignable from `Variant[Data, Type[String]]`, though recursion through
# Data was seen on both sides while checking its first member); and the parts
# of an Optional on the right are checked under a guard of their own, even
# within an alias, so what they meet is not remembered by the enclosing one.
RSpec.describe 'Recursion guard of self-recursive aliases against the reference', reference: true do
  LEAVES = %w[Data RichData Integer String Undef Scalar ScalarData Boolean Float Any Default
              Integer[0,5] String[1] Enum[a,b] Regexp Timespan SemVer].freeze

  def gen(rng, depth)
    return LEAVES.sample(random: rng) if depth.zero? || rng.rand < 0.3

    inner = -> { gen(rng, depth - 1) }
    case rng.rand(11)
    when 0, 1 then "Variant[#{Array.new(rng.rand(1..3)) { inner.call }.join(', ')}]"
    when 2 then "Optional[#{inner.call}]"
    when 3 then "Array[#{inner.call}]"
    when 4 then "Hash[String, #{inner.call}]"
    when 5 then "Type[#{inner.call}]"
    when 6 then "Sensitive[#{inner.call}]"
    when 7 then "Struct[{a => #{inner.call}, Optional[b] => #{inner.call}}]"
    when 8 then "Tuple[#{inner.call}, #{inner.call}]"
    when 9 then "NotUndef[#{inner.call}]"
    else "Variant[Data, #{inner.call}]"
    end
  end

  # [seed, depth, number of types, pairs per type]: seeds at depth 3 and at
  # depth 4, where types hold aliases inside Optionals inside containers on
  # both sides (about 17,800 pairs).
  SAMPLES = [[8812, 3, 160, 25], [17, 3, 160, 25], [2024, 3, 160, 25],
             [4, 4, 160, 25], [6, 4, 300, 25]].freeze

  it 'answers assignable? as the reference on generated pairs' do
    ref = Puppet::Pops::Types::TypeParser.singleton
    calc = Puppet::Pops::Types::TypeCalculator.singleton
    failures = []
    compared = 0
    SAMPLES.each do |seed, depth, count, per_type|
      rng = Random.new(seed)
      types = Array.new(count) { gen(rng, depth) }.uniq
      parsed = types.to_h { |s| [s, [ref.parse(s), PuppetTypes::TypeParser.parse(s)]] }
      types.each do |a|
        types.sample(per_type, random: rng).each do |b|
          r = calc.assignable?(parsed[a][0], parsed[b][0])
          g = PuppetTypes::TypeCalculator.assignable?(parsed[a][1], parsed[b][1])
          compared += 1
          failures << "#{a} <- #{b}: reference #{r}, gem #{g}" unless r == g
        end
      end
    end
    expect(compared).to be > 15_000
    expect(failures.first(20)).to eq([])
  end

  it 'checks the parts of an Optional on the right under a guard of their own' do
    # Data met inside Optional[Data] is not remembered by the guard of the
    # enclosing RichData, so the later NotUndef[Data] (which no member of
    # RichData accepts on its own) is not taken for recursion on both sides.
    pairs = {
      'RichData <- Tuple[Optional[Data], NotUndef[Data]]' => false,
      'RichData <- Tuple[Optional[RichData], NotUndef[RichData]]' => false,
      'Array[RichData] <- Array[Variant[Optional[Data], NotUndef[Data]]]' => false,
      'NotUndef[RichData] <- Struct[{a => Optional[Data], b => NotUndef[Data]}]' => false,
      # Data met outside an Optional is remembered: recursion on both sides
      'RichData <- Tuple[Data, Optional[Data], NotUndef[Data]]' => true,
      'RichData <- Tuple[Data, NotUndef[RichData]]' => true
    }
    t = ->(s) { PuppetTypes::TypeParser.parse(s) }
    ref = Puppet::Pops::Types::TypeParser.singleton
    calc = Puppet::Pops::Types::TypeCalculator.singleton
    pairs.each do |pair, expected|
      a, b = pair.split(' <- ')
      expect(calc.assignable?(ref.parse(a), ref.parse(b))).to be(expected), "reference: #{pair}"
      expect(PuppetTypes::TypeCalculator.assignable?(t[a], t[b])).to be(expected), pair
    end
  end

  it 'checks the members of a Variant outside any alias afresh' do
    t = ->(s) { PuppetTypes::TypeParser.parse(s) }
    calc = PuppetTypes::TypeCalculator
    expect(calc.assignable?(t['Variant[Data, Type[Integer]]'], t['Variant[Data, Type[String]]'])).to be false
    expect(calc.assignable?(t['Variant[Data, Sensitive[Integer]]'], t['Variant[Data, Sensitive[String]]'])).to be false
    expect(calc.assignable?(t['Variant[RichData, Type[Integer]]'], t['Variant[Data, Type[String]]'])).to be true
    expect(calc.assignable?(t['Variant[Data, Type[Integer]]'], t['Variant[Data, Type[Integer]]'])).to be true
  end
end
