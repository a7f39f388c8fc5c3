# frozen_string_literal: true

require 'spec_helper'
require_relative 'support/corpus'

# Reference facts the node specs compare with.
module AstNodeSpec
  # Reference classes whose objects are entries, not nodes, here: their
  # expressions are children of the enclosing node.
  ENTRY_KINDS = %w[ResourceBody AttributeOperation AttributesOperation Parameter KeyedEntry
                   SelectorEntry CaseOption].freeze
  # Kinds the reference locates at a token (the operator, `(`, `!`, `.`) or with
  # an extent that ends early; here they cover the whole expression.
  OPERATOR_LOCATED = %w[AssignmentExpression ArithmeticExpression ComparisonExpression MatchExpression
                        InExpression AndExpression OrExpression RelationshipExpression].freeze
  # Kinds whose reference location starts where the node starts but ends early
  # (at the opening token, or at the end of the last statement of a body).
  START_LOCATED = %w[IfExpression UnlessExpression ParenthesizedExpression NotExpression UnaryMinusExpression
                     SelectorExpression].freeze
  REFERENCE_QUIRKS = (OPERATOR_LOCATED + START_LOCATED +
                      %w[TextExpression BlockExpression CallMethodExpression NamedAccessExpression]).freeze

  MANIFESTS = [
    "class foo::bar(String $x = 'a', Integer[0, 9] $n = 3) inherits foo {\n  file { \"/tmp/${x}\":\n    ensure  => file,\n    content => template('m/t.erb'),\n  }\n  notice($n)\n}\n",
    "define d($a) {\n  case $a {\n    'x', 'y': { include foo }\n    default: { $h = { 'k' => [1, 2.5, true] } }\n  }\n  Package <| tag == 'x' |>\n}\n",
    "if !($a == 1) { $b = $a ? { 1 => 'one', default => -$a } }\n",
    "node 'n1', /n2/ {\n  user { 'u': uid => -1 }\n  $v = $facts['os']['family']\n  unless $v { fail(\"no ${v}\") }\n}\n"
  ].freeze
end

# PuppetTypes::AST::Node: lazy node objects over a parsed program.
RSpec.describe 'PuppetTypes::AST::Node' do
  let(:parser) { PuppetTypes::Parser.new }
  let(:source) { "$x = 1 + 2\nfile { '/tmp/a': ensure => present }\nInteger[1, 2]\n" }
  let(:ast) { parser.parse(source) }

  def reference_nodes(model)
    out = []
    walk = lambda do |o|
      kind = o.class.name.split('::').last
      out << [kind, o] unless AstNodeSpec::ENTRY_KINDS.include?(kind)
      o._pcore_contents { |c| walk.call(c) }
    end
    walk.call(model.body)
    out
  end

  describe 'kinds, children and data' do
    it 'names nodes as the reference model classes' do
      root = ast.root
      expect(root).to be_a(PuppetTypes::AST::Node)
      expect(root.kind).to eq('BlockExpression')
      expect(root.children.map(&:kind)).to eq(%w[AssignmentExpression ResourceExpression AccessExpression])
      expect(ast.each_node.map(&:kind)).to eq(
        %w[BlockExpression AssignmentExpression VariableExpression QualifiedName ArithmeticExpression
           LiteralInteger LiteralInteger ResourceExpression QualifiedName LiteralString QualifiedName
           AccessExpression QualifiedReference LiteralInteger LiteralInteger]
      )
    end

    it 'gives values, names and operators' do
      assign, resource, access = ast.root.children
      expect(assign.operator).to eq('=')
      var, sum = assign.children
      expect(var.name).to eq('x')
      expect(sum.operator).to eq('+')
      expect(sum.children.map(&:value)).to eq([1, 2])
      expect(resource.children.map { |c| c.value || c.name }).to eq(%w[file /tmp/a present])
      expect(access.children.first.name).to eq('Integer')
      # as in the reference's model, a QualifiedReference's value is its name in lower case
      expect(access.children.first.value).to eq('integer')
      expect(access.operator).to be_nil
    end

    it 'gives literal values of every literal kind' do
      values = parser.parse('[1, 0x1f, 2.5, true, undef, default, "s", /re/]').root.children.map(&:value)
      expect(values).to eq([1, 31, 2.5, true, nil, :default, 's', 're'])
    end

    it 'names definitions and calls' do
      nodes = parser.parse("class a::b($p = 1) { notice($p) }\n$y.each |$v| { }").each_node.to_a
      expect(nodes.find { |n| n.kind == 'HostClassDefinition' }.name).to eq('a::b')
      expect(nodes.find { |n| n.kind == 'CallNamedFunctionExpression' }.name).to eq('notice')
      expect(nodes.find { |n| n.kind == 'CallMethodExpression' }.name).to eq('each')
    end

    it 'walks children with each_child/each without a block as Enumerators' do
      root = ast.root
      expect(root.each_child).to be_a(Enumerator)
      expect(root.each_child.to_a).to eq(root.children)
      expect(root.map(&:kind)).to eq(root.children.map(&:kind))
      expect(root.children.last.each_node.map(&:kind)).to eq(
        %w[AccessExpression QualifiedReference LiteralInteger LiteralInteger]
      )
      expect(ast.each_node.first).to eq(root)
    end

    it 'gives the text and the PN of a subtree' do
      resource = ast.root.children[1]
      expect(resource.text).to eq("file { '/tmp/a': ensure => present }")
      expect(resource.to_pn).to eq('(resource {:type (qn "file") :bodies [{:title "/tmp/a" :ops [(=> "ensure" (qn "present"))]}]})')
      expect(ast.root.to_pn).to eq(ast.to_pn)
    end

    it 'compares by program identity and node' do
      a = ast.root.children[0]
      b = ast.root.children[0]
      expect(a).to eq(b)
      expect(a).to eql(b)
      expect(a.hash).to eq(b.hash)
      expect({ a => 1 }[b]).to eq(1)
      expect(a).not_to eq(ast.root.children[1])
      expect(a).not_to eq(parser.parse(source).root.children[0])
      expect(a).not_to eq('x')
    end

    it 'inspects with kind, position and text' do
      expect(ast.root.children[2].inspect).to eq('#<PuppetTypes::AST::Node AccessExpression 3:1 "Integer[1, 2]">')
    end

    it 'gives an empty source a Nop root' do
      root = parser.parse('').root
      expect(root.kind).to eq('Nop')
      expect(root.children).to eq([])
    end
  end

  describe 'locations' do
    it 'gives byte offsets, lengths and 1-based character lines and columns' do
      n = parser.parse("# é\n$x = ['é', 'ü']\n").each_node.select { |x| x.kind == 'LiteralString' }.last
      expect([n.offset, n.length, n.line, n.column, n.text, n.value]).to eq([17, 4, 2, 12, "'ü'", 'ü'])
    end

    context 'against the reference', reference: true do
      AstNodeSpec::MANIFESTS.each_with_index do |src, i|
        it "agrees on kinds, lines and columns (manifest #{i + 1})" do
          model = Puppet::Pops::Parser::EvaluatingParser.new.parse_string(src)
          locator = model.locator
          ref = reference_nodes(model)
          ours = parser.parse(src).each_node.to_a
          # Children come in source order here, in model attribute order there
          # (a parameter's value before its type): compare as sorted lists.
          expect(ours.map(&:kind).sort).to eq(ref.map(&:first).sort)
          exact = ->(k) { !AstNodeSpec::REFERENCE_QUIRKS.include?(k) }
          expect(ours.select { |n| exact.call(n.kind) }.map { |n| [n.kind, n.offset, n.length, n.line, n.column] }.sort)
            .to eq(ref.select { |k, _| exact.call(k) }.map do |k, o|
              [k, o.offset, o.length, locator.line_for_offset(o.offset), locator.pos_on_line(o.offset)]
            end.sort)
          operators = ->(k) { AstNodeSpec::OPERATOR_LOCATED.include?(k) }
          expect(ours.select { |n| operators.call(n.kind) }.map { |n| [n.kind, n.operator_offset] }.sort)
            .to eq(ref.select { |k, _| operators.call(k) }.map { |k, o| [k, o.offset] }.sort)
          starts = ->(k) { AstNodeSpec::START_LOCATED.include?(k) }
          expect(ours.select { |n| starts.call(n.kind) }.map { |n| [n.kind, n.line, n.column] }.sort)
            .to eq(ref.select { |k, _| starts.call(k) }.map do |k, o|
              [k, locator.line_for_offset(o.offset), locator.pos_on_line(o.offset)]
            end.sort)
        end
      end

      it 'has the same nodes as the reference on a corpus sample' do
        files = Corpus.sample(60)
        skip 'no module corpus installed' if files.empty?
        files.each do |file|
          src = File.read(file)
          model = Puppet::Pops::Parser::EvaluatingParser.new.parse_string(src, file)
          expect([file, parser.parse(src, file).each_node.map(&:kind).sort])
            .to eq([file, reference_nodes(model).map(&:first).sort])
        end
      end
    end
  end

  describe 'laziness' do
    def node_count
      GC.start
      ObjectSpace.each_object(PuppetTypes::AST::Node).count
    end

    it 'creates no node objects to parse, print PN or report errors' do
      file = Corpus.manifests.max_by { |f| File.size(f) }
      src = file ? File.read(file) : "$a = [#{(1..20_000).to_a.join(', ')}]\n"
      before = node_count
      big = parser.parse(src)
      big.to_pn
      big.to_pn_data
      expect { parser.parse("#{src}\n}") }.to raise_error(PuppetTypes::ParseError)
      parser.parse_with_recovery("#{src}\n}")
      expect(node_count).to eq(before)
      big.root
      expect(ObjectSpace.each_object(PuppetTypes::AST::Node).count).to be >= before + 1
    end

    it 'creates nodes one at a time while walking' do
      big = parser.parse("$a = [#{(1..5000).to_a.join(', ')}]\n")
      taken = big.each_node.first(3)
      expect(taken.map(&:kind)).to eq(%w[AssignmentExpression VariableExpression QualifiedName])
    end
  end

  describe 'memory and threads' do
    it 'keeps nodes valid after the AST object is collected' do
      nodes = Array.new(20) { parser.parse(source).root.children.last.children.first }
      GC.start
      10.times do
        GC.start(full_mark: true, immediate_sweep: true)
        junk = Array.new(2000) { 'x' * 64 }
        expect(nodes.map(&:name).uniq).to eq(['Integer'])
        expect(nodes.map(&:text).uniq).to eq(['Integer'])
        junk.clear
      end
    end

    it 'survives GC.stress while walking' do
      GC.stress = true
      kinds = parser.parse(source).each_node.map(&:kind)
      GC.stress = false
      expect(kinds.size).to eq(15)
    ensure
      GC.stress = false
    end

    it 'is frozen and Ractor-shareable' do
      root = ast.root
      expect(root).to be_frozen
      expect(Ractor.shareable?(root)).to be(true)
      expect { PuppetTypes::AST::Node.new }.to raise_error(TypeError)
    end

    it 'can be walked inside another Ractor' do
      root = parser.parse('$x = 1 + 2').root
      verbose = $VERBOSE
      $VERBOSE = nil # Ractor's experimental warning
      kinds = Ractor.new(root) { |n| n.each_node.map(&:kind) }.take
      $VERBOSE = verbose
      expect(kinds).to eq(%w[AssignmentExpression VariableExpression QualifiedName ArithmeticExpression
                             LiteralInteger LiteralInteger])
    end

    it 'walks the same tree from several threads' do
      tree = parser.parse(("$x = 1 + 2\nfile { '/tmp/a': ensure => present }\n" * 50) + 'Integer[1, 2]')
      expected = tree.each_node.map { |n| [n.kind, n.line, n.column] }
      results = Array.new(4) { Thread.new { tree.each_node.map { |n| [n.kind, n.line, n.column] } } }.map(&:value)
      expect(results).to all(eq(expected))
    end
  end
end
