# frozen_string_literal: true

require 'spec_helper'

# The model attributes of AST::Node subclasses (named as in Puppet::Pops::Model).
RSpec.describe 'AST::Node model attributes' do
  let(:source) do
    <<~PP
      class a::b(Integer $x = 1, $y) inherits c {
        file { '/t': ensure => present, mode => '0644', * => $h }
        $z = $x ? { 1 => 'one', default => 'other' }
        notice([1, 2].map |$v| { $v * 2 })
      }
    PP
  end
  let(:klass) { PuppetTypes::Parser.new.parse(source).root }

  it 'gives a class its parameters, parent and body' do
    expect(klass).to be_a(PuppetTypes::AST::HostClassDefinition)
    expect([klass.name, klass.parent_class]).to eq(['a::b', 'c'])
    x, y = klass.parameters
    expect(x).to be_a(PuppetTypes::AST::Parameter)
    expect([x.name, x.type_expr.cased_value, x.type_expr.value, x.value.value, x.captures_rest]).to eq(['x', 'Integer', 'integer', 1, nil])
    expect([x.line, x.column, x.text]).to eq([1, 20, '$x'])
    expect([y.type_expr, y.value]).to eq([nil, nil])
    expect(klass.body.statements.map(&:kind)).to eq(%w[ResourceExpression AssignmentExpression CallNamedFunctionExpression])
  end

  it 'gives a resource its type name, bodies, titles and operations' do
    resource = klass.body.statements[0]
    expect([resource.type_name.value, resource.form, resource.virtual, resource.exported]).to eq(['file', 'regular', false, false])
    body = resource.bodies.first
    expect(body.title.value).to eq('/t')
    ops = body.operations
    expect(ops.map(&:kind)).to eq(%w[AttributeOperation AttributeOperation AttributesOperation])
    expect(ops.first(2).map { |o| [o.attribute_name, o.operator, o.value_expr.value] }).to eq([['ensure', '=>', 'present'], ['mode', '=>', '0644']])
    expect(ops.last.expr.kind).to eq('VariableExpression')
  end

  it 'gives selectors, calls and lambdas their parts' do
    assignment = klass.body.statements[1]
    expect([assignment.operator, assignment.left_expr.expr.value]).to eq(['=', 'z'])
    selector = assignment.right_expr
    expect(selector.selectors.map { |e| [e.matching_expr.kind, e.value_expr.value] }).to eq([['LiteralInteger', 'one'], ['LiteralDefault', 'other']])
    call = klass.body.statements[2]
    expect([call.functor_expr.value, call.rval_required, call.lambda]).to eq(['notice', false, nil])
    map = call.arguments.first
    expect([map.functor_expr.right_expr.value, map.lambda.parameters.map(&:name)]).to eq(['map', ['v']])
    expect(map.lambda.body.statements.first.operator).to eq('*')
  end
end
