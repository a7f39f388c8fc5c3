# frozen_string_literal: true

# Calls every entry point of the gem on small inputs and prints a line per
# answer (or error), so that runs under GC.stress or after compaction can be
# compared with a plain run. Objects held only by gem values (Runtime
# objects in Sensitives, Deferred arguments, evaluate variables, types'
# parameters) are checked to come back alive and the same.
module Exercise
  module_function

  def show(label)
    r = yield
    puts "#{label}: #{r.is_a?(String) ? r : r.inspect}"
  rescue StandardError => e
    puts "#{label}: #{e.class}: #{e.message}"
  end

  # `small` runs a subset (for GC.stress, under which every allocation
  # collects); `compact` is called at points where gem objects are alive.
  def run(small: false, compact: -> {})
    tp = PuppetTypes::TypeParser
    f = PuppetTypes::TypeFactory
    c = PuppetTypes::TypeCalculator
    registry = PuppetTypes::AliasRegistry.new
    registry.add('Tree', 'Array[Variant[Integer, Tree]]')
    registry.add_source("type Port = Integer[0, 65535]\ntype Svc = Struct[{name => String[1], port => Port}]")
    held = Object.new
    held_id = held.__id__
    keepers = [PuppetTypes::Sensitive.new(held), PuppetTypes::Deferred.new('f', [held, 'x'])]
    evaluated = PuppetTypes::Parser.new.evaluate('[$o, Sensitive($o)]', 'o' => held)
    held = nil
    types = ['Array[Integer[1, 10], 2]', "Struct[{a => String, Optional[b] => Pattern[/x+/]}]", 'Tree', 'Svc',
             'Variant[Enum[a, b], SemVer[">=1.0.0"], Timespan[0, 10], Sensitive[String]]',
             "Init[Integer, '10']", 'Callable[[Integer, String], Boolean]', "Runtime[ruby, 'Object']"]
             .map { |s| tp.parse(s, aliases: registry) }
    types += [f.struct('name' => f.string(f.range(1, :default))), f.hash_kv(f.string, f.array_of(f.data)),
              f.optional(f.tuple([f.integer, f.string])), f.init(f.integer, '1'), f.variant(f.integer, f.undef)]
    latin = (+"caf\xE9").force_encoding('ISO-8859-1')
    # (a Ruby object formats by its to_s: one without an address, the same in every process)
    stable_object = Object.new
    def stable_object.to_s = 'an object'
    def stable_object.inspect = 'an object'
    values = [1, 'x', [1, 2], { 'a' => 'b', 'b' => 'xx' }, [1, [2, [3, 'x']]], nil, :default, 2.5, /x+/,
              { 'name' => 'svc', 'port' => 80 }, [latin, { latin => [latin] }], stable_object,
              PuppetTypes::SemVer.new('1.2.3'), PuppetTypes::Timespan.new(5), PuppetTypes::Sensitive.new('s'),
              PuppetTypes::Binary.new('aGk='), PuppetTypes::URI.new('http://x/y'), tp.parse('Integer')]
    if small
      types = types.values_at(1, 2, 4, 5, 9, 12)
      values = values.values_at(2, 3, 4, 9, 10, 11, 14)
    end
    compact.call
    types.each_with_index do |t, i|
      show("type #{i}") { [t.to_s, t.inspect, t.hash == t.dup.hash, t == tp.parse(t.to_s, aliases: registry)] }
      values.each_with_index do |v, j|
        show("check #{i} #{j}") { [t.instance?(v), c.describe_mismatch(t, v)] }
      end
      types.each_with_index { |u, j| show("assign #{i} #{j}") { [t.assignable?(u), c.common_type(t, u).to_s] } }
      show("generalize #{i}") { c.generalize(t).to_s }
      show("readers #{i}") { %i[element_type key_type value_type size_type types elements].map { |r| t.public_send(r).to_s } }
    end
    values.each_with_index do |v, j|
      show("infer #{j}") { [c.infer(v).to_s, c.infer_set(v).to_s] }
      show("format #{j}") { ['%s', '%p', { f.any => '%p' }].map { |fmt| PuppetTypes::Formatter.string(v, fmt) } }
    end
    compact.call
    show('parse') { PuppetTypes::Parser.new.parse("class a($x = [1, {b => 2}]) { notice(\"${x}\") }\n", 'a.pp').to_pn }
    show('parse error') { PuppetTypes::Parser.new.parse("$x = ,\n", 'b.pp') }
    show('recovery') { PuppetTypes::Parser.new.parse_with_recovery("$x = ,\n$y = [\n").last.map { |e| [e.line, e.column, e.message] } }
    show('pn data') { PuppetTypes::Parser.new.parse('if $a { 1 } else { [2] }').to_pn_data }
    show('nodes') { PuppetTypes::Parser.new.parse('$a = [1, 2] + [3]').root.each_node.map(&:kind) }
    show('tokens') { PuppetTypes::Lexer.tokenize("$x = \"a${b}c\" + 1\n") }
    show('evaluate') { PuppetTypes::Parser.new.evaluate('[1, 2, 3].map |$v| { $v * $n } + [Timespan(1) + Timespan(2)]', 'n' => 3) }
    show('rich') { [PuppetTypes::SemVerRange.new('>=1.0.0 <2.0.0').include?(PuppetTypes::SemVer.new('1.5.0')), PuppetTypes::Timestamp.new('2020-01-02T03:04:05Z').to_s] }
    show('kept') do
      GC.start
      [keepers[0].unwrap.__id__ == held_id, keepers[1].arguments[0].__id__ == held_id,
       evaluated[0].__id__ == held_id, evaluated[1].unwrap.__id__ == held_id]
    end
  end
end
