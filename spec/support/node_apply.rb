# frozen_string_literal: true

require 'open3'
require 'tmpdir'
require 'yaml'
require 'fileutils'

# `puppet apply` of a program on the node of spec/fixtures/hiera_env (its
# module path, `--hiera_config` and facts), and the gem's evaluator set up
# alike: the notices each logs and the message of the error that stopped it.
module NodeApply
  FIXTURE = File.expand_path('../fixtures/hiera_env', __dir__)
  MODULES = File.join(FIXTURE, 'modules')
  HIERA = File.join(FIXTURE, 'global', 'hiera.yaml')
  FACTS = YAML.safe_load(File.read(File.join(FIXTURE, 'facts.yaml')))
  POSITION = / \((?:file: [^)]*?, )?line: \d+, column: \d+\)\z/.freeze

  module_function

  # [notices, error message or nil] of `puppet apply` (facts from a yaml terminus).
  def reference(source)
    Dir.mktmpdir('node_apply') do |dir|
      FileUtils.mkdir_p(File.join(dir, 'client_yaml', 'facts'))
      File.write(File.join(dir, 'client_yaml', 'facts', 'node1.example.com.yaml'),
                 { 'name' => 'node1.example.com', 'values' => FACTS }.to_yaml
                   .sub('---', '--- !ruby/object:Puppet::Node::Facts'))
      args = ['puppet', 'apply', '--color=false', '--confdir', dir, '--vardir', dir, '--codedir', dir,
              '--logdest', 'console', '--certname', 'node1.example.com', '--facts_terminus', 'yaml',
              '--modulepath', MODULES, '--hiera_config', HIERA]
      out, = Open3.capture2e(*args, '-e', source)
      notices = out.lines.filter_map { |l| l[/\ANotice: Scope\(Class\[main\]\): (.*)$/, 1] }
      error = out[/^Error: (?:Evaluation Error: Error while evaluating a Function Call, )?(.*?)(?: on node \S+)?$/, 1]
      [notices, error&.sub(POSITION, '')]
    end
  end

  # The same for the gem: PuppetTypes::Evaluator with the environment, hiera_config and facts.
  def ours(source)
    env = PuppetTypes::Environment.new(modulepath: [MODULES])
    ev = PuppetTypes::Evaluator.new(environment: env, hiera_config: HIERA, facts: FACTS)
    [notices(ev.evaluate(source).log), nil]
  rescue PuppetTypes::EvaluationError => e
    [notices(e.log), e.message.sub(POSITION, '').delete_prefix('Error while evaluating a Function Call, ')]
  end

  # One program calling each of `calls`, its notice numbered ('0:', '1:', ...)
  # so a notice can be traced back to its call.
  def numbered_program(calls)
    "$myvar = 'mv'\n" + calls.each_with_index.map { |c, i| "notice('#{i}:', #{c})" }.join("\n")
  end

  # The first line of each notice (the console prints the rest apart).
  def notices(log)
    log.filter_map { |level, m| m.lines.first.to_s.chomp if level == :notice }
  end
end

# Each call of the group's `self.failing` stops the gem's program with the
# error (and after the notices) puppet apply gives.
RSpec.shared_examples 'fails as puppet apply fails' do
  it 'fails as puppet apply fails' do
    self.class.failing.each do |c|
      mine = NodeApply.ours("notice(#{c})")
      expect(mine[1]).not_to be_nil, c
      expect(mine).to eq(NodeApply.reference("notice(#{c})")), c
    end
  end
end
