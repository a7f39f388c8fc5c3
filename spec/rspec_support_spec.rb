# frozen_string_literal: true

require 'spec_helper'
require 'tmpdir'
require_relative 'support/alias_suite'

# `require 'puppet_types/rspec'`: small suites written to a scratch module and
# run by `rspec` in a subprocess, as a module's own suite runs.
RSpec.describe 'PuppetTypes::RSpec (type alias specs and matchers)' do
  # A module under test (acme-mymod) with a dependency in spec/fixtures/modules.
  def write_module(root)
    files = {
      'metadata.json' => '{"name": "acme-mymod", "version": "1.0.0", "author": "acme", "summary": "s", ' \
                       '"license": "Apache-2.0", "source": "s", "dependencies": []}',
      'types/port.pp' => "type Mymod::Port = Integer[0, 65535]\n",
      'types/settings.pp' => "type Mymod::Settings = Struct[{name => String[1], Optional[port] => Mymod::Port}]\n",
      'types/broken.pp' => "type Mymod::Broken = Optional[Mymod::Nowhere]\n",
      'manifests/init.pp' => "class mymod (\n  Mymod::Port $port = 80,\n  Array[String] $servers = [],\n  Optional[String] $label = undef,\n) {}\n",
      'spec/fixtures/modules/dep/types/mode.pp' => "type Dep::Mode = Enum['on', 'off']\n"
    }
    files.each do |path, text|
      FileUtils.mkdir_p(File.dirname(File.join(root, path)))
      File.write(File.join(root, path), text)
    end
  end

  def write_spec(root, path, text)
    FileUtils.mkdir_p(File.dirname(File.join(root, path)))
    File.write(File.join(root, path), text)
  end

  def run_suite(root, helper: "require 'puppet_types/rspec'\n")
    File.write(File.join(root, 'spec', 'spec_helper.rb'), helper)
    result = AliasSuite.run(root, gem: true)
    result[:report]['examples'].to_h do |e|
      [e['full_description'], [e['status'], e.dig('exception', 'message')]]
    end
  end

  let(:root) { Dir.mktmpdir('puppet_types_rspec_spec') }
  after { FileUtils.remove_entry(root) }

  it 'answers allow_value and allow_values as rspec-puppet does, with the messages of the compile' do
    write_module(root)
    write_spec(root, 'spec/type_aliases/port_spec.rb', <<~'RUBY')
      require 'spec_helper'
      describe 'Mymod::Port' do
        it { is_expected.to allow_value(80) }
        it { is_expected.to allow_values(0, 65_535) }
        it { is_expected.not_to allow_value(-1) }
        it { is_expected.to allow_value(-1) }
        it { is_expected.not_to allow_value(80) }
        it { is_expected.to allow_values(1, 'x', [1]) }
        it { is_expected.to allow_value(nil) }
        it { is_expected.to allow_value(2**64) }
        it { is_expected.to allow_value(Float::INFINITY) }
      end
      describe 'Mymod::Settings' do
        it { is_expected.to allow_value('name' => 'a', 'port' => 443) }
        it { is_expected.to allow_value('port' => 'x', 'other' => 1) }
      end
      describe 'Dep::Mode' do
        it { is_expected.to allow_value('on') }
        it { is_expected.not_to allow_value(:keyword) }
      end
      describe 'Mymod::Nope' do
        it { is_expected.to allow_value(1) }
      end
      describe 'Mymod::Broken' do
        it { is_expected.to allow_value(:undef) }
        it { is_expected.to allow_value(1) }
      end
      describe 'String' do
        it { is_expected.to allow_values(nil, :sym, "a\eb") }
      end
    RUBY
    r = run_suite(root)
    head = 'expected that the type alias would match value'
    call = 'Evaluation Error: Error while evaluating a Function Call, assert_type():'
    expect(r.transform_values(&:first)).to eq(
      'Mymod::Port is expected to match value 80' => 'passed',
      'Mymod::Port is expected to match values 0, 65535' => 'passed',
      'Mymod::Port is expected not to match value -1' => 'passed',
      'Mymod::Port is expected to match value -1' => 'failed',
      'Mymod::Port is expected not to match value 80' => 'failed',
      'Mymod::Port is expected to match values 1, "x", [1]' => 'failed',
      'Mymod::Port is expected to match value nil' => 'failed',
      'Mymod::Port is expected to match value 18446744073709551616' => 'failed',
      'Mymod::Port is expected to match value Infinity' => 'failed',
      'Mymod::Settings is expected to match value {"name"=>"a", "port"=>443}' => 'passed',
      'Mymod::Settings is expected to match value {"port"=>"x", "other"=>1}' => 'failed',
      'Dep::Mode is expected to match value "on"' => 'passed',
      'Dep::Mode is expected not to match value :keyword' => 'passed',
      'Mymod::Nope is expected to match value 1' => 'failed',
      'Mymod::Broken is expected to match value :undef' => 'passed',
      'Mymod::Broken is expected to match value 1' => 'failed',
      'String is expected to match values nil, :sym, "a\\eb"' => 'passed'
    )
    expect(r['Mymod::Port is expected to match value -1'][1]).to eq(
      "#{head} -1 but it raised the error #{call} expects a Mymod::Port = Integer[0, 65535] value, " \
      'got Integer[-1, -1] (line: 3, column: 1) on node mymod::port'
    )
    expect(r['Mymod::Port is expected not to match value 80'][1])
      .to eq('expected that the type alias would not match value 80 but it does')
    expect(r['Mymod::Port is expected to match values 1, "x", [1]'][1]).to eq(
      'expected that the type alias would match values 1, "x", [1] but it raised the errors ' \
      "#{call} expects a Mymod::Port = Integer[0, 65535] value, got String (line: 3, column: 1) on node mymod::port, " \
      "#{call} expects a Mymod::Port = Integer[0, 65535] value, got Tuple (line: 3, column: 1) on node mymod::port"
    )
    # rspec-puppet writes nil as the bare word nil: the String 'nil'
    expect(r['Mymod::Port is expected to match value nil'][1]).to include('value, got String (line: 3')
    expect(r['Mymod::Port is expected to match value 18446744073709551616'][1]).to end_with(
      'Could not parse for environment rp_env: A Literal Integer resulted in a value outside of Puppet Integer ' \
      "max range, got '+0x10000000000000000' (line: 2, column: 9) on node mymod::port"
    )
    expect(r['Mymod::Port is expected to match value Infinity'][1])
      .to end_with('Evaluation Error: Resource type not found: Infinity (line: 2, column: 9) on node mymod::port')
    expect(r['Mymod::Settings is expected to match value {"port"=>"x", "other"=>1}'][1]).to end_with(
      "Error while evaluating a Function Call,  assert_type(): expects a value for key 'name'\n  " \
      "assert_type(): entry 'port' expects a Mymod::Port = Integer[0, 65535] value, got String\n  " \
      "assert_type(): unrecognized key 'other' (line: 3, column: 1) on node mymod::settings"
    )
    # an unknown alias: the reference's unresolved type wording (a compile says 'Resource type not found')
    expect(r['Mymod::Nope is expected to match value 1'][1]).to end_with(
      "#{call} references an unresolved type 'Mymod::Nope' (line: 3, column: 1) on node mymod::nope"
    )
    expect(r['Mymod::Broken is expected to match value 1'][1])
      .to end_with("#{call} references an unresolved type 'Mymod::Nowhere' (line: 3, column: 1) on node mymod::broken")
  end

  it 'does not load puppet, takes type: :type_alias groups anywhere, and leaves other groups alone' do
    write_module(root)
    write_spec(root, 'spec/unit/misc_spec.rb', <<~'RUBY')
      require 'spec_helper'
      describe 'Mymod::Port', type: :type_alias do
        it { is_expected.to allow_value(8080) }
        it { expect(subject).to be_a(PuppetTypes::RSpec::TypeAlias) }
        it { expect { subject.call(-1) }.to raise_error(PuppetTypes::RSpec::TypeMismatch, /got Integer\[-1, -1\]/) }
      end
      describe 'plain group' do
        it { expect(defined?(Puppet)).to be_nil }
        it { expect($LOADED_FEATURES.grep(%r{/puppet(/|\.rb\z)})).to eq([]) }
        it { expect(respond_to?(:allow_value)).to be(false) }
      end
    RUBY
    r = run_suite(root)
    expect(r.values.map(&:first)).to all(eq('passed')), r.inspect
    expect(r.size).to eq(6)
  end

  it 'gives match_puppet_type, be_puppet_instance_of, be_assignable_to and have_valid_parameters' do
    write_module(root)
    write_spec(root, 'spec/unit/matchers_spec.rb', <<~'RUBY')
      require 'spec_helper'
      describe 'matchers' do
        it('a') { expect(80).to match_puppet_type('Mymod::Port') }
        it('b') { expect([1, 'x']).to match_puppet_type('Array[Integer]') }
        it('c') { expect(nil).to be_puppet_instance_of('Optional[Dep::Mode]') }
        it('d') { expect('on').to be_puppet_instance_of(PuppetTypes::TypeParser.parse("Enum['on']")) }
        it('e') { expect(1).to match_puppet_type('Mymod::Typo') }
        it('f') { expect('Integer[1, 2]').to be_assignable_to('Mymod::Port') }
        it('g') { expect('Integer').to be_assignable_to('Mymod::Port') }
        it('h') { expect('port' => 443, 'servers' => ['a']).to have_valid_parameters('mymod') }
        it('i') { is_expected.to have_valid_parameters('mymod', 'port' => -1, 'servers' => 'a', 'sevrers' => 1) }
        it('j') { is_expected.to have_valid_parameters('mymod::nope', {}) }
        it('k') { expect(80).not_to match_puppet_type('Mymod::Port') }
      end
    RUBY
    r = run_suite(root)
    expect(r.transform_values(&:first).values_at(*r.keys.sort)).to eq(
      %w[passed failed passed passed failed passed failed passed failed failed failed]
    )
    expect(r['matchers b'][1])
      .to eq('expected [1, "x"] to match Puppet type Array[Integer], but index 1 expects an Integer value, got String')
    expect(r['matchers e'][1]).to eq(
      "expected 1 to match Puppet type Mymod::Typo, but references an unresolved type 'Mymod::Typo'"
    )
    expect(r['matchers g'][1]).to eq('expected Integer to be assignable to Mymod::Port = Integer[0, 65535]')
    expect(r['matchers i'][1]).to eq(
      "expected valid parameters for class mymod, but Class[Mymod]:\n  has no parameter named 'sevrers'\n  " \
      "parameter 'port' expects a Mymod::Port = Integer[0, 65535] value, got Integer[-1, -1]\n  " \
      "parameter 'servers' expects an Array value, got String"
    )
    expect(r['matchers j'][1]).to eq('expected valid parameters for class mymod::nope, but Could not find class ::mymod::nope')
    expect(r['matchers k'][1]).to eq('expected 80 not to match Puppet type Mymod::Port (Mymod::Port = Integer[0, 65535])')
  end

  it "fails as the compile fails when a name's resource type lookup loads a broken manifest" do
    {
      'quirk/manifests/init.pp' => "class quirk (\n  String $name = 'x',\n) {}\n",
      'broken/manifests/init.pp' => "class broken (\n  String $a = ,\n) {}\n",
      'oldref/manifests/init.pp' => "class oldref (\n  Variant[Integer, Foo::Bar] $a = 1,\n) {}\n"
    }.each do |path, text|
      write_spec(root, "modules/#{path}", text)
      name = path[%r{\A\w+}]
      write_spec(root, "modules/#{name}/types/t.pp", "type #{name.capitalize}::T = Integer\n")
    end
    write_spec(root, 'spec/type_aliases/t_spec.rb', <<~'RUBY')
      require 'spec_helper'
      describe('Quirk::T') { it { is_expected.to allow_value(1) } }
      describe('Broken::T') { it { is_expected.to allow_value(1) } }
      describe('Optional[Oldref::T]') { it { is_expected.to allow_value(1) } }
    RUBY
    r = run_suite(root, helper: "require 'puppet_types/rspec'\nPuppetTypes::RSpec.modulepath = ['#{root}/modules']\n")
    m = "#{root}/modules"
    expect(r.values.map { |_, message| message.sub(/\A.* raised the error /, '') }).to eq(
      ["The parameter $name redefines a built in parameter in the Host Class Definition (file: #{m}/quirk/manifests/init.pp, " \
       'line: 2, column: 10) on node quirk::t',
       "Syntax error at ',' (file: #{m}/broken/manifests/init.pp, line: 2, column: 15) on node broken::t",
       "Evaluation Error: Resource type not found: Foo::Bar (file: #{m}/oldref/manifests/init.pp, line: 2, column: 20) " \
       'on node optional[oldref::t]']
    )
  end

  it 'reads values as Ruby data when told to (nil is undef) and takes the gem rich values as they are' do
    write_module(root)
    write_spec(root, 'spec/type_aliases/data_spec.rb', <<~'RUBY')
      require 'spec_helper'
      describe 'Optional[Mymod::Port]' do
        it { is_expected.to allow_value(nil) }
        it { is_expected.not_to allow_value('nil') }
      end
      describe 'Sensitive[Integer]' do
        it { is_expected.to allow_value(PuppetTypes::Sensitive.new(1)) }
        it { is_expected.to allow_value([PuppetTypes::Sensitive.new(1)]) }
      end
    RUBY
    r = run_suite(root, helper: "require 'puppet_types/rspec'\nPuppetTypes::RSpec.values_as = :data\n")
    expect(r.values.map(&:first)).to eq(%w[passed passed passed failed])
    expect(r.values.last[1]).to include('got Tuple')
    expect(r.values.last[1]).not_to include('1]')
  end

  it 'leaves type alias groups to rspec-puppet when both are loaded, unless told to take them', reference: true do
    skip 'rspec-puppet is not installed (Debian package ruby-rspec-puppet)' unless AliasSuite.rspec_puppet?

    write_module(root)
    write_spec(root, 'spec/type_aliases/port_spec.rb', <<~'RUBY')
      require 'spec_helper'
      describe 'Mymod::Port' do
        it { is_expected.to allow_value(80) }
        it { expect(allow_value(1).class.name).to eq(ENV.fetch('EXPECTED_MATCHER')) }
      end
      describe 'Mymod::Port', puppet_types: true do
        it { expect(allow_value(1)).to be_a(PuppetTypes::RSpec::AllowValue) }
      end
    RUBY
    write_spec(root, 'spec/classes/mymod_spec.rb', <<~'RUBY')
      require 'spec_helper'
      describe 'mymod' do
        let(:params) { { 'port' => 443 } }
        it { is_expected.to compile }
      end
    RUBY
    # as puppetlabs_spec_helper's spec_prep leaves it (rspec-puppet links it too late for its first run)
    File.symlink(root, File.join(root, 'spec', 'fixtures', 'modules', 'mymod'))
    helper = lambda do |take_over|
      "require 'rspec-puppet'\nrequire 'puppet_types/rspec'\nPuppetTypes::RSpec.take_over = #{take_over}\n" \
        "RSpec.configure do |c|\n  c.module_path = File.join(__dir__, 'fixtures', 'modules')\n" \
        "  c.manifest_dir = File.join(__dir__, 'fixtures', 'manifests')\nend\n"
    end
    { false => 'RSpec::Puppet::TypeAliasMatchers::AllowValue', true => 'PuppetTypes::RSpec::AllowValue' }.each do |take, cls|
      ENV['EXPECTED_MATCHER'] = cls
      r = run_suite(root, helper: helper.call(take))
      expect(r.values.map(&:first)).to all(eq('passed')), r.inspect
      expect(r.size).to eq(4)
    ensure
      ENV.delete('EXPECTED_MATCHER')
    end
  end
end
