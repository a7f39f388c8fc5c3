# frozen_string_literal: true

# Issue 3's calculator workloads: instance?, infer_set and assignable? through
# the gem, against the reference's TypeCalculator in the same process.

def bench_ref_calc
  Puppet::Pops::Types::TypeCalculator.singleton
end

def bench_ref_parse(source)
  Puppet::Pops::Types::TypeParser.singleton.parse(source)
end

SERVICE_TYPE = "Struct[{name => String[1], port => Integer[0, 65535], tags => Array[String]}]"
SERVICES = Array.new(10_000) { |i| { 'name' => "svc#{i}", 'port' => 1024 + (i % 5000), 'tags' => %w[web prod] } }.freeze

Bench.workload 'struct_instance', target: 10,
                                  description: 'instance? of a 5-key Struct against a matching Hash' do |w|
  source = "Struct[{name => String[1], port => Integer[0, 65535], ensure => Enum[present, absent], " \
           "Optional[tags] => Array[String], mode => Pattern[/\\A[0-7]{4}\\z/]}]"
  value = { 'name' => 'web', 'port' => 80, 'ensure' => 'present', 'tags' => %w[a b], 'mode' => '0644' }
  tf = PuppetTypes::TypeFactory
  type = tf.struct('name' => tf.string(tf.range(1, nil)), 'port' => tf.range(0, 65_535),
                   'ensure' => tf.enum('present', 'absent'), tf.optional('tags') => tf.array_of(tf.string),
                   'mode' => tf.pattern(/\A[0-7]{4}\z/))
  w.check do
    raise 'gem says no' unless PuppetTypes::TypeCalculator.instance?(type, value)
    raise "gem built #{type}" if Reference.available? && type.to_s != bench_ref_parse(source).to_s
  end
  w.gem { PuppetTypes::TypeCalculator.instance?(type, value) }
  ref = nil
  w.reference do
    ref ||= bench_ref_parse(source)
    ref.instance?(value)
  end
end

Bench.workload 'array_of_struct_instance', target: 20,
                                           description: 'instance? of Array[Struct[...]] against 10,000 hashes' do |w|
  tf = PuppetTypes::TypeFactory
  type = tf.array_of(tf.struct('name' => tf.string(tf.range(1, nil)), 'port' => tf.range(0, 65_535),
                               'tags' => tf.array_of(tf.string)))
  w.check do
    raise 'gem says no' unless type.instance?(SERVICES)
    raise "gem built #{type}" if Reference.available? && type.to_s != bench_ref_parse("Array[#{SERVICE_TYPE}]").to_s
  end
  w.gem { PuppetTypes::TypeCalculator.instance?(type, SERVICES) }
  ref = nil
  w.reference do
    ref ||= bench_ref_parse("Array[#{SERVICE_TYPE}]")
    ref.instance?(SERVICES)
  end
end

Bench.workload 'infer_set', target: 30, description: 'infer_set of 10,000 hashes' do |w|
  w.check do
    mine = PuppetTypes::TypeCalculator.infer_set(SERVICES.first(3)).to_s
    theirs = Reference.available? ? bench_ref_calc.infer_set(SERVICES.first(3)).to_s : mine
    raise "infer_set differs: #{mine} vs #{theirs}" unless mine == theirs
  end
  w.gem { PuppetTypes::TypeCalculator.infer_set(SERVICES) }
  w.reference { bench_ref_calc.infer_set(SERVICES) }
  # The tags above are the same two frozen String objects in every hash (as
  # literals in Ruby code are); here each hash has its own copies, as data
  # read from YAML or JSON has. Printed against the same reference time.
  unshared = SERVICES.map { |h| h.merge('tags' => h['tags'].map(&:dup)) }
  w.variant('tags not shared') { PuppetTypes::TypeCalculator.infer_set(unshared) }
end

Bench.workload 'variant_assignable', target: 10, description: 'assignable? between two Variants' do |w|
  a_src = 'Variant[Integer[0, 100], String[1, 10], Enum[a, b, c], Array[Integer], Undef]'
  b_src = 'Variant[Integer[5, 10], Enum[a, b], Array[Integer[1, 2]], Undef]'
  tf = PuppetTypes::TypeFactory
  a = tf.variant(tf.range(0, 100), tf.string(tf.range(1, 10)), tf.enum('a', 'b', 'c'), tf.array_of(tf.integer), tf.undef)
  b = tf.variant(tf.range(5, 10), tf.enum('a', 'b'), tf.array_of(tf.range(1, 2)), tf.undef)
  w.check do
    raise 'gem says no' unless PuppetTypes::TypeCalculator.assignable?(a, b)
    raise "gem built #{a}" if Reference.available? && [a.to_s, b.to_s] != [bench_ref_parse(a_src).to_s, bench_ref_parse(b_src).to_s]
  end
  w.gem { PuppetTypes::TypeCalculator.assignable?(a, b) }
  ra = rb = nil
  w.reference do
    ra ||= bench_ref_parse(a_src)
    rb ||= bench_ref_parse(b_src)
    bench_ref_calc.assignable?(ra, rb)
  end
end
