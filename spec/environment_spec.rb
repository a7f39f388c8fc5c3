# frozen_string_literal: true

require 'spec_helper'
require 'tmpdir'

# PuppetTypes::Environment over the fixture modules of tests/fixtures/env
# (written for the purpose: aliases and alias chains, a misnamed alias file, a
# broken file, inherits, functions with return types, plans).
RSpec.describe PuppetTypes::Environment do
  fixtures = File.expand_path('../tests/fixtures/env', __dir__)
  let(:modulepath) { ["#{fixtures}/modulepath", "#{fixtures}/other"] }
  let(:env) { described_class.new(modulepath: modulepath) }

  describe '.new' do
    it 'takes a modulepath Array or a String joined with ":"' do
      joined = described_class.new(modulepath: modulepath.join(':'))
      expect(joined.modulepath).to eq(modulepath)
      expect(joined.modules.map(&:name)).to eq(%w[broken_meta fx])
    end
  end

  describe '#modules' do
    it 'lists the module-named directories, the first of a name winning, with their metadata' do
      fx = env.modules.find { |m| m.name == 'fx' }
      expect(fx.path).to eq("#{fixtures}/modulepath/fx")
      expect(fx.version).to eq('1.2.3')
      expect(fx.metadata_name).to eq('example-fx')
      expect(fx.dependencies.map(&:to_h)).to eq(
        [{ name: 'puppetlabs/stdlib', version_requirement: '>= 4.13.1 < 9.0.0' },
         { name: 'puppetlabs-concat', version_requirement: nil }]
      )
      expect(env.modules).to be_frozen
    end
  end

  describe '#find_class' do
    it 'gives the class with its parameters: name, type, sources, position, default' do
      fx = env.find_class('fx')
      expect(fx.kind).to eq(:class)
      expect([fx.name, fx.line, fx.column]).to eq(['fx', 33, 1])
      expect(fx.file).to eq("#{fixtures}/modulepath/fx/manifests/init.pp")
      expect(fx.module).to eq('fx')
      rows = fx.parameters.map { |p| [p.name, p.type.to_s, p.type_source, p.default_source, p.line] }
      expect(rows.first(5)).to eq(
        [['port', 'Fx::Port = Integer[0, 65535]', 'Fx::Port', '8080', 34],
         ['name_prefix', 'String', 'String', "'fx-'", 35],
         ['options', 'Hash[String, Variant[Boolean, Integer]]', 'Hash[String, Variant[Boolean, Integer]]', '{}', 36],
         ['untyped', 'Any', nil, 'undef', 37],
         ['unresolved', "Optional[TypeReference['Stdlib::Nope']]", 'Optional[Stdlib::Nope]', 'undef', 38]]
      )
      expect(fx.parameters).to all(be_frozen)
    end

    it 'gives literal and static defaults as values and the others as :unevaluated' do
      defaults = env.find_class('fx').parameters.to_h { |p| [p.name, p.default] }
      expect(defaults).to include('port' => 8080, 'name_prefix' => 'fx-', 'options' => {}, 'untyped' => nil,
                                  'list' => %w[a b], 'computed' => 3,
                                  'from_fact' => :unevaluated, 'selected' => :unevaluated)
    end

    it 'gives the parent of a class that inherits, its docstring and its source' do
      sub = env.find_class('fx::sub')
      expect(sub.parent).to eq('fx')
      expect(sub.docstring).to eq('A subclass.')
      expect(sub.source).to start_with('class fx::sub inherits fx {')
      expect(env.find_class('fx').parent).to be_nil
    end

    it 'looks only where the autoloader looks, and is nil for what is not there' do
      expect(env.find_class('fx::nosuch')).to be_nil
      expect(env.find_class('nosuch')).to be_nil
      expect(env.find_defined_type('fx::sub')).to be_nil
      expect(env.find_defined_type('fx::deep::other').file).to end_with('manifests/deep.pp')
    end

    it 'gives the definition node with the reference model attributes' do
      node = env.find_class('fx::sub').node
      expect(node.kind).to eq('HostClassDefinition')
      expect(node.name).to eq('fx::sub')
    end
  end

  describe '#find_function, #find_plan, #find_type_alias' do
    it 'gives functions with their return types' do
      add = env.find_function('fx::add')
      expect(add.kind).to eq(:function)
      expect(add.return_type.to_s).to eq('Integer')
      expect(add.parameters.map { |p| [p.name, p.type.to_s, p.default] }).to eq([['a', 'Integer', nil], ['b', 'Integer', 1]])
      rest = env.find_function('fx::untyped').parameters.last
      expect(rest.captures_rest?).to be(true)
      expect(env.find_function('fx::untyped').return_type).to be_nil
    end

    it 'gives plans, the module named one from plans/init.pp' do
      expect(env.find_plan('fx').file).to end_with('plans/init.pp')
      expect(env.find_plan('fx::deploy').parameters.map(&:name)).to eq(['version'])
    end

    it 'gives aliases with their resolved type, through chains' do
      chain = env.find_type_alias('Fx::Chain')
      expect(chain.kind).to eq(:type_alias)
      expect(chain.type.to_s).to eq('Fx::Chain = Fx::Link = Optional[Fx::Port = Integer[0, 65535]]')
      expect(chain.type.instance?(80)).to be(true)
      expect(chain.type.instance?(-1)).to be(false)
      expect(env.find_type_alias('fx::chain')).to eq(chain)
    end

    it 'does not load an alias file whose declared name does not match its path' do
      expect(env.find_type_alias('Fx::Misnamed')).to be_nil
      expect(env.find_type_alias('Fx::Wrong')).to be_nil
    end
  end

  describe '#parse_type' do
    it 'resolves aliases of the modules, resource types, and unresolved references' do
      expect(env.parse_type('Fx::Port').to_s).to eq('Fx::Port = Integer[0, 65535]')
      expect(env.parse_type("File['/x']").to_s).to eq("File['/x']")
      expect(env.parse_type('Fx::Deep::Thing').to_s).to eq('Fx::Deep::Thing')
      expect(env.parse_type('Fx::Sub').to_s).to eq("TypeReference['Fx::Sub']")
      expect(env.parse_type('Stdlib::Ip_address').to_s).to eq("TypeReference['Stdlib::Ip_address']")
    end

    it 'reports unresolved references as the reference does, inside alias bodies too' do
      t = env.parse_type('Struct[{a => Stdlib::Ip_address}]')
      expect(PuppetTypes::TypeCalculator.instance?(t, { 'a' => 'x' })).to be(false)
      describe = ->(type) { PuppetTypes::TypeCalculator.describe_mismatch(type, { 'a' => 'x' }) }
      expect(describe.call(t)).to eq("references an unresolved type 'Stdlib::Ip_address'")
      inner = env.parse_type('Fx::Unresolved')
      expect(describe.call(inner)).to include("references an unresolved type 'Stdlib::Ip_address'")
    end

    it "raises the reference's error for a name whose alias file is misnamed" do
      expect { env.parse_type('Fx::Misnamed') }.to raise_error(
        PuppetTypes::Error, /produced type with the wrong name, expected 'fx::misnamed', actual 'Fx::Wrong'/
      )
    end

    it 'leaves TypeParser.parse without an environment taking unknown names as resource types' do
      expect(PuppetTypes::TypeParser.parse('Stdlib::Ip_address').to_s).to eq('Stdlib::Ip_address')
    end
  end

  describe '#load_all, #definitions and #diagnostics' do
    it 'loads every file and reports each problem as a Diagnostic, keeping the rest' do
      env.load_all
      names = env.definitions.map(&:name)
      expect(names).to include('fx', 'fx::sub', 'fx::deep::thing', 'fx::add', 'Fx::Multiline', 'broken_meta')
      found = env.diagnostics.map { |d| [File.basename(d.path), d.code, d.severity] }
      expect(found).to include(['broken.pp', :SYNTAX_ERROR, :error],
                               ['latin1.pp', :INVALID_ENCODING, :error],
                               ['metadata.json', :INVALID_METADATA, :warning],
                               ['dup2.pp', :DUPLICATE_DEFINITION, :warning],
                               ['misnamed.pp', :DEFINITION_NAME_MISMATCH, :error],
                               ['init.pp', :UNRESOLVED_TYPE, :warning],
                               ['unresolved.pp', :UNRESOLVED_TYPE, :warning])
      broken = env.diagnostics.find { |d| d.code == :SYNTAX_ERROR }
      expect([broken.line, broken.column, broken.end_line, broken.end_column]).to eq([3, 1, 3, 2])
      expect(broken.message).to eq("Syntax error at '}'")
      expect(broken.to_s).to eq("#{broken.message} (file: #{broken.path}, line: 3, column: 1)")
      expect(broken.to_h).to include(code: :SYNTAX_ERROR, severity: :error, line: 3)
      expect(env.diagnostics).to all(be_frozen)
    end

    it 'gives the same definitions lazily as after load_all' do
      full = described_class.new(modulepath: modulepath)
      full.load_all
      full.definitions.uniq { |d| [d.kind, d.name] }.each do |d|
        finder = { class: :find_class, defined_type: :find_defined_type, function: :find_function,
                   plan: :find_plan, type_alias: :find_type_alias }.fetch(d.kind)
        found = env.public_send(finder, d.name)
        next if found.nil? # defined in a file the autoloader does not reach for that name

        expect([found.file, found.line]).to eq([d.file, d.line])
      end
    end

    it 'loads in a forked child after loading in the parent (no thread pool is kept across the fork)' do
      env.load_all
      pid = fork do
        child = described_class.new(modulepath: modulepath)
        child.load_all
        exit!(child.definitions.size > 10 ? 0 : 1)
      end
      deadline = Time.now + 30
      status = nil
      sleep 0.02 until (status = Process.wait2(pid, Process::WNOHANG)) || Time.now > deadline
      unless status
        Process.kill(:KILL, pid)
        Process.wait(pid)
      end
      expect(status&.last&.exitstatus).to eq(0)
    end

    it 'reports a module path entry that does not exist, a symlink loop and unusable files' do
      Dir.mktmpdir do |dir|
        FileUtils.mkdir_p("#{dir}/m/manifests/dir.pp")
        File.write("#{dir}/m/manifests/init.pp", "class m {}\n")
        File.symlink('..', "#{dir}/m/manifests/loop")
        File.symlink('nowhere.pp', "#{dir}/m/manifests/dangling.pp")
        e = described_class.new(modulepath: [dir, "#{dir}/missing"])
        e.load_all
        expect(e.diagnostics.map(&:code)).to include(:SYMLINK_LOOP, :UNREADABLE_FILE, :MISSING_MODULEPATH)
        expect(e.find_class('m').name).to eq('m')
      end
    end
  end
end
