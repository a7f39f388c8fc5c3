# frozen_string_literal: true

require 'spec_helper'

# PuppetTypes::Environment against the reference over Debian's module path:
# every class's and defined type's parameters (name, type source, default
# source, line) as Puppet's parser model gives them, and every alias and
# resource type name resolved as the reference's loaders resolve it.
RSpec.describe 'Environment conformance', reference: true do
  MODULEPATH = '/usr/share/puppet/modules'

  before(:all) do
    skip "#{MODULEPATH} is not installed" unless File.directory?(MODULEPATH)
    @env = PuppetTypes::Environment.new(modulepath: [MODULEPATH])
    @env.load_all
  end

  # [name, [[param, type text, default text, line], ...]] of each class and
  # define of `file`, as the reference's parser model gives them.
  def reference_parameters(file)
    source = File.read(file)
    model = Puppet::Pops::Parser::Parser.new.parse_string(source, file).model
    locator = model.locator
    text = ->(e) { e && locator.extract_tree_text(e) }
    model.definitions.filter_map do |d|
      next unless d.is_a?(Puppet::Pops::Model::HostClassDefinition) || d.is_a?(Puppet::Pops::Model::ResourceTypeDefinition)

      [d.name, d.parameters.map { |p| [p.name, text.call(p.type_expr), text.call(p.value), locator.line_for_offset(p.offset)] }]
    end
  end

  it 'gives every parameter of every class and defined type as the parser model does' do
    Reference.available?
    ours = @env.definitions.select { |d| %i[class defined_type].include?(d.kind) }
                .group_by(&:file)
    # Only directories Puppet takes as modules: it skips names that are not
    # module names (Debian installs saz-rsyslog under that name), as the gem does.
    module_dirs = Dir.glob("#{MODULEPATH}/*").select { |d| File.basename(d).match?(/\A[a-z][a-z0-9_]*\z/) }
    expect(@env.modules.map { |m| File.basename(m.path) }.sort).to eq(module_dirs.map { |d| File.basename(d) }.sort)
    files = module_dirs.flat_map { |d| Dir.glob("#{d}/manifests/**/*.pp") }.sort
    expect(files.size).to be > 100
    compared = 0
    files.each do |file|
      expected = reference_parameters(file)
      got = (ours[file] || []).map do |d|
        [d.name, d.parameters.map { |p| [p.name, p.type_source, p.default_source, p.line] }]
      end
      expect(got.sort).to eq(expected.sort), file
      compared += expected.sum { |_, ps| ps.size }
    end
    expect(compared).to be > 1000
    RSpec.configuration.reporter.message("#{compared} parameters of #{files.size} manifests agree with the parser model") if ENV["VERBOSE"]
  end

  it 'resolves every alias name of the module path as the reference does' do
    names = @env.definitions.select { |d| d.kind == :type_alias }.map(&:name)
    names += %w[File Notify Concat::Fragment Concat_file Firewall Apache::Vhost Apache Apache::Mod::Ssl
                Stdlib::Nope Optional[Stdlib::Ip_address] Nope[1] Node Mysql_user]
    expect(names.size).to be > 50
    names.each do |name|
      expected = Reference.type_to_s(name)
      got = begin
        @env.parse_type(name).to_s
      rescue PuppetTypes::Error => e
        [:error, e.message]
      end
      expect(got).to eq(expected), name
    end
  end
end
