# frozen_string_literal: true

# Measures how AST::Node locations agree with the reference model's over the module corpus:
# node kinds per file, offset+length for nodes the reference locates by extent, the operator
# offset of binary expressions, and the start of nodes the reference ends early.
# Usage: rake compile && ruby -I lib tools/ast_node_locations.rb
require 'puppet_types'
require 'puppet'
require_relative '../spec/support/corpus'
ENTRY = %w[ResourceBody AttributeOperation AttributesOperation Parameter KeyedEntry SelectorEntry CaseOption]
OPS = %w[AssignmentExpression ArithmeticExpression ComparisonExpression MatchExpression InExpression AndExpression OrExpression RelationshipExpression]
START = %w[IfExpression UnlessExpression ParenthesizedExpression NotExpression UnaryMinusExpression SelectorExpression]
OTHER = %w[TextExpression BlockExpression CallMethodExpression NamedAccessExpression]
kinds_ok = 0; exact_nodes = 0; exact_agree = 0; op_nodes = 0; op_agree = 0; st = 0; st_agree = 0
Corpus.manifests.each do |f|
  src = File.read(f)
  m = (Puppet::Pops::Parser::EvaluatingParser.new.parse_string(src, f) rescue next)
  ref = []; w = ->(o) { k = o.class.name.split('::').last; ref << [k, o] unless ENTRY.include?(k); o._pcore_contents { |c| w.(c) } }; w.(m.body)
  ours = PuppetTypes::Parser.new.parse(src, f).each_node.to_a
  kinds_ok += 1 if ref.map(&:first).sort == ours.map(&:kind).sort
  r = ref.reject { |k, _| OPS.include?(k) || START.include?(k) || OTHER.include?(k) }.map { |k, o| [k, o.offset, o.length] }.tally
  o = ours.reject { |n| OPS.include?(n.kind) || START.include?(n.kind) || OTHER.include?(n.kind) }.map { |n| [n.kind, n.offset, n.length] }.tally
  exact_nodes += r.values.sum; exact_agree += r.sum { |k, v| [v, o[k] || 0].min }
  r = ref.select { |k, _| OPS.include?(k) }.map { |k, x| [k, x.offset] }.tally
  o = ours.select { |n| OPS.include?(n.kind) }.map { |n| [n.kind, n.operator_offset] }.tally
  op_nodes += r.values.sum; op_agree += r.sum { |k, v| [v, o[k] || 0].min }
  r = ref.select { |k, _| START.include?(k) }.map { |k, x| [k, x.offset] }.tally
  o = ours.select { |n| START.include?(n.kind) }.map { |n| [n.kind, n.offset] }.tally
  st += r.values.sum; st_agree += r.sum { |k, v| [v, o[k] || 0].min }
end
puts "files #{Corpus.manifests.size}: same node kinds #{kinds_ok}; offset+length #{exact_agree}/#{exact_nodes}; operator offset #{op_agree}/#{op_nodes}; start offset #{st_agree}/#{st}"
