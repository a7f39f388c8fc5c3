# frozen_string_literal: true

require 'spec_helper'
require_relative '../support/corpus'

# The model attributes of AST::Node subclasses against Puppet's own parser
# model over a sample of the module corpus: from each program's body down,
# every attribute a node class has must give what the reference's object
# gives (nodes of the same model class, the same texts, flags and numbers,
# lists of the same length), recursively. AST_MODEL_STEP=1 walks every manifest.
RSpec.describe 'AST::Node model attributes', reference: true do
  # Attributes whose values differ in kind on purpose (see ast_model.rs).
  SKIPPED = { 'LiteralRegularExpression' => %w[value] }.freeze

  def self.files
    Corpus.sample(Integer(ENV.fetch('AST_MODEL_STEP', '8')))
  end

  def model_name(o) = o.class.name.split('::').last

  # Compare `ours` with the reference object `ref` at `path`, counting what
  # was compared and noting each difference in `counts[:diffs]`.
  def compare(ours, ref, path, counts, depth = 0)
    return counts[:diffs] << "#{path}: too deep" if depth > 400

    if ref.is_a?(Puppet::Pops::Model::Positioned)
      unless ours.is_a?(PuppetTypes::AST::Node) && ours.kind == model_name(ref)
        return counts[:diffs] << "#{path}: #{model_name(ref)} expected, got #{ours.inspect[0, 80]}"
      end

      counts[:nodes] += 1
      attributes = ours.class.ancestors.take_while { |c| c != PuppetTypes::AST::Node }
                       .flat_map { |c| c.instance_methods(false) }.uniq
      attributes -= SKIPPED.fetch(ours.kind, []).map(&:to_sym)
      attributes.each do |a|
        next counts[:diffs] << "#{path}: the reference's #{ours.kind} has no #{a}" unless ref.respond_to?(a)

        counts[:attributes] += 1
        compare(ours.public_send(a), ref.public_send(a), "#{path}.#{a}", counts, depth + 1)
      end
    elsif ref.is_a?(Array)
      return counts[:diffs] << "#{path}: #{ref.size} elements expected, got #{ours.inspect[0, 80]}" unless ours&.size == ref.size

      ref.each_with_index { |r, i| compare(ours[i], r, "#{path}[#{i}]", counts, depth + 1) }
    elsif ours != ref
      counts[:diffs] << "#{path}: #{ref.inspect[0, 60]} expected, got #{ours.inspect[0, 60]}"
    end
  end

  it 'gives the model attributes of every node, as the reference does' do
    Reference.available?
    counts = Hash.new(0)
    counts[:diffs] = []
    self.class.files.each do |file|
      source = File.read(file)
      ref = Puppet::Pops::Parser::EvaluatingParser.new.parse_string(source, file).body
      ours = PuppetTypes::Parser.new.parse(source, file).root
      compare(ours, ref, File.basename(file), counts)
    end
    expect(counts[:diffs].uniq { |d| d.sub(/^[^:]*: /, '').sub(/\[\d+\]/, '') }.first(30)).to eq([])
    expect(counts[:nodes]).to be > 1000
    RSpec.configuration.reporter.message("#{counts[:nodes]} nodes, #{counts[:attributes]} attributes agree") if ENV['VERBOSE']
  end
end
