# frozen_string_literal: true

require 'spec_helper'
require 'tmpdir'
require 'yaml'

# PuppetTypes::DataCheck over the fixture module path tests/fixtures/data
# (the Rust tests in src/check/data/tests.rs cover each rule; these cover
# the Ruby API and the YAML loader against Psych).
RSpec.describe PuppetTypes::DataCheck do
  fixtures = File.expand_path('../tests/fixtures/data', __dir__)
  let(:env) { PuppetTypes::Environment.new(modulepath: ["#{fixtures}/modulepath"]) }
  let(:check) { described_class.new(env) }

  def write(dir, name, text)
    path = File.join(dir, name)
    File.write(path, text)
    path
  end

  it 'checks a file: the compile message at the innermost node, with key, class and parameter' do
    Dir.mktmpdir do |dir|
      path = write(dir, 'common.yaml', "web::default_vhost:\n  host: a\n  aliases:\n    - 1\n")
      found = check.check_file(path)
      expect(found.size).to eq(1)
      d = found.first
      expect(d.code).to eq(:TYPE_MISMATCH)
      expect(d.message).to eq("Class[Web]: parameter 'default_vhost' entry 'aliases' index 0 expects a String value, got Integer")
      expect([d.path, d.line, d.column]).to eq([path, 4, 7])
      expect([d.key, d.class_name, d.parameter]).to eq(['web::default_vhost', 'web', 'default_vhost'])
      expect(d.to_h).to include(key: 'web::default_vhost', class_name: 'web', parameter: 'default_vhost', line: 4)
      expect(d).to be_frozen
    end
  end

  it 'checks the keys of a big file on several threads as on one, in file order' do
    Dir.mktmpdir do |dir|
      lines = Array.new(300) { |i| i.even? ? "web::port_#{i}: 1\n" : "web::mod::ssl_#{i}::x: 1\n" }
      path = write(dir, 'big.yaml', "web::sendfile: 'x'\n#{lines.join}web::port: 0\n")
      one = described_class.new(env, jobs: 1).check_file(path).map { |d| [d.line, d.code] }
      four = described_class.new(env, jobs: 4).check_file(path).map { |d| [d.line, d.code] }
      expect(four).to eq(one)
      expect(one.map(&:first)).to eq(one.map(&:first).sort)
      expect(one.map(&:last).tally).to eq(TYPE_MISMATCH: 2, UNKNOWN_PARAMETER: 150, UNKNOWN_CLASS: 150)
      expect { described_class.new(env, jobs: 0) }.to raise_error(PuppetTypes::ArgumentError, /jobs must be at least 1/)
    end
  end

  it 'checks a hash, and the parameters of one class' do
    found = check.check_hash({ 'web::sendfile' => 'yes', 'web::sendfiel' => 'On' })
    expect(found.map(&:code)).to eq(%i[TYPE_MISMATCH UNKNOWN_PARAMETER])
    expect(found.map(&:line)).to eq([nil, nil])
    found = check.check_parameters('web', { 'port' => 0 })
    expect(found.map(&:message)).to eq(["Class[Web]: parameter 'port' expects a Lib::Port = Integer[1, 65535] value, got Integer[0, 0]"])
    expect(check.check_parameters('web', {}, complete: true).map(&:message))
      .to eq(["Class[Web]: expects a value for parameter 'docroot'"])
    expect(check.check_parameters(:web, { 'docroot' => '/srv' })).to eq([])
  end

  it 'reports keys that bind nothing only when strict' do
    expect(check.check_hash({ 'plain' => 1 })).to eq([])
    expect(described_class.new(env, strict: true).check_hash({ 'plain' => 1 }).map(&:code)).to eq([:UNBOUND_KEY])
  end

  it 'checks a hierarchy: interpolated path segments match every file there' do
    Dir.mktmpdir do |dir|
      write(dir, 'hiera.yaml', <<~YAML)
        version: 5
        defaults: { datadir: data, data_hash: yaml_data }
        hierarchy:
          - name: nodes
            path: "nodes/%{trusted.certname}.yaml"
          - name: json
            data_hash: json_data
            path: common.json
          - name: other
            lookup_key: my_lookup
            path: x.yaml
      YAML
      FileUtils.mkdir_p("#{dir}/data/nodes")
      write("#{dir}/data/nodes", 'a.example.com.yaml', "web::port: 0\n")
      write("#{dir}/data/nodes", 'b.example.com.yaml', "web::port: 80\n")
      write("#{dir}/data", 'common.json', '{"web::sendfile": "yes"}')
      found = check.check_hiera("#{dir}/hiera.yaml", module_data: false)
      expect(found.map { |d| [d.code, File.basename(d.path)] }.sort)
        .to eq([[:TYPE_MISMATCH, 'a.example.com.yaml'], [:TYPE_MISMATCH, 'common.json'], [:UNCHECKED_BACKEND, 'hiera.yaml']])
    end
  end

  it 'reports a broken hiera.yaml in the reference words' do
    Dir.mktmpdir do |dir|
      write(dir, 'hiera.yaml', "version: 5\nhierarchy:\n  - path: common.yaml\n")
      found = check.check_hiera("#{dir}/hiera.yaml", module_data: false)
      expect(found.map(&:message)).to eq(["The Lookup Configuration at '#{dir}/hiera.yaml' has wrong type, entry 'hierarchy' index 0 expects a value for key 'name'"])
    end
  end

  # Scalars and shapes whose loading is easy to get wrong, loaded by the gem
  # and by Psych as hiera loads them (safe_load, Symbols permitted, aliases on).
  YAML_CASES = [
    'yes', 'No', 'ON', 'off', 'y', 'n', '~', 'null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false',
    '', '017', '08', '0b101', '0x1F', '-0x1f', '+12', '1,000', '1_000', '1:30', '-1:30', '1:30:10', '1:30.5',
    '1.', '.5', '-.5', '+.5', '1e3', '1.0e+3', '1.5E-2', '.', '-.', '.inf', '-.Inf', '.NaN', '12345678901234567890',
    ':sym', ':"quoted sym"', 'abc', 'a b', '3 apples', '0.1.2', '1.2.3.4', '2024-13-45x', '10:00', '12:30:00',
    '"yes"', "'017'", '!!str 12', '!!int "12"', '!!float 3', '!foo bar', '!!binary aGVsbG8=', '- a', '[1, 2]',
    '{a: 1}', '|\n  text\n', '>\n  folded\n  text\n', '"\\u00e9"', "'it''s'", 'é', '0o17', '1__0', '0.5.', '+', '-',
    '<<', '=', '@x', '`x', '%x', 'foo: bar: baz'
  ].freeze

  def psych_load(text)
    data = YAML.safe_load(text, permitted_classes: [Symbol], aliases: true)
    normalize(data)
  rescue Psych::Exception, ArgumentError => e
    [:error, e.class.name]
  end

  def normalize(v)
    case v
    when Symbol then %i[__symbol__ __bignum__].include?(v) ? v : :__symbol__
    when Integer then v.bit_length >= 64 ? :__bignum__ : v
    when Float then v.nan? ? :nan : v
    when Array then v.map { |x| normalize(x) }
    when Hash then v.to_h { |k, x| [k.is_a?(Symbol) ? k.to_s : normalize(k), normalize(x)] }
    else v
    end
  end

  def ours(text)
    v = described_class.__load_yaml(text)
    v.is_a?(Array) && v.first == :error ? [:error] : normalize(v)
  end

  it 'loads scalars and shapes as Psych loads them for hiera' do
    YAML_CASES.each do |c|
      text = "k: #{c}"
      expected = psych_load(text)
      got = ours(text)
      if expected.is_a?(Array) && expected.first == :error
        expect(got).to eq([:error]), "#{text.inspect}: Psych refuses it (#{expected.last}), the gem gave #{got.inspect}"
      else
        expect(got).to eq(expected), text.inspect
      end
    end
  end

  it 'loads anchors, aliases, merge keys and duplicates as Psych does' do
    [
      "a: &x {b: 1}\nc: *x\nd:\n  <<: *x\n  e: 2\n",
      "a: &x {b: 1}\nd:\n  b: 5\n  <<: *x\n",
      "a: &x [1]\nd:\n  <<: *x\n",
      "a: &x {b: 1}\nf: &y {c: 2}\nd:\n  <<: [*x, *y]\n",
      "a: 1\na: 2\n",
      "a: 2024-01-15\n",
      "a: !ruby/object:Foo {}\n",
      "a: *nope\n",
      "a: [1\n",
      "--- 1\n--- 2\n"
    ].each do |text|
      expected = psych_load(text)
      got = ours(text)
      if expected.is_a?(Array) && expected.first == :error
        expect(got).to eq([:error]), text.inspect
      else
        expect(got).to eq(expected), text.inspect
      end
    end
  end
end
