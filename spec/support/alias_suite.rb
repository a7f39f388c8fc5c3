# frozen_string_literal: true

require 'json'
require 'open3'
require 'fileutils'
require 'rbconfig'

# Type alias spec suites written to a scratch directory and run by `rspec` in a
# subprocess, either with the gem (`require 'puppet_types/rspec'`) or with
# rspec-puppet on the reference: the rspec support specs, the differential
# against rspec-puppet and the rspec benchmark share them.
module AliasSuite
  LIB = File.expand_path('../../lib', __dir__)

  # Debian's short-name module path (the modules of the puppet-module-* packages).
  MODULEPATH = '/usr/share/puppet/modules'

  # Values as Ruby source, of every kind rspec-puppet users write: numbers at
  # and past the edges, strings the Debian aliases accept and nearly accept,
  # strings whose Ruby inspection Puppet reads differently, nil, symbols,
  # containers, and the hashes the Struct aliases take.
  VALUES = [
    '0', '1', '3', '4', '17', '80', '443', '1023', '1024', '49_151', '49_152', '65_534', '65_535', '65_536',
    '-1', '-3', '2**31', '2**63 - 1', '2**64', '-2**63', '3.7', '-3.7', '0.0', '1e20', 'Float::INFINITY',
    'Float::NAN', "''", "'80'", "'3'", "'-3.7'", "'-342.2315e-12'", "'yes'", "'No'", "'present'", "'running'",
    "'stopped'", "'file'", "'directory'", "'link'", "'absent'", "'kern'", "'local7'", "'solaris-cron'", "'debug'",
    "'trace9'", "'warn'", "'0644'", "'a=rwx'", "'u+s,g-s'", "'0649'", "'42kb'", "'1024Meg'", "'email@example.com'",
    "'bob@'", "'example.com'", "'www example.com'", "'/var/tmp'", "'relative/path'", "'C:\\\\Windows'",
    "'\\\\\\\\host\\\\share'", "'https://example.com'", "'http://example.com/❤'", "'HTTPS://FOO.COM'",
    "'puppet:///modules/x/y'", "'file:///etc/hosts'", "'s3://bucket/key'", "'gs://bucket/key'", "'127.0.0.1'",
    "'10.0.0.0/8'", "'256.1.1.1'", "'::1'", "'fe80::1/64'", "'2001:db8::'",
    "'FEDC:BA98:7654:3210:FEDC:BA98:7654:3210'", "'0:0:0:0:0:FFFF:129.144.52.38'", "'00:a0:1f:12:7f:a0'",
    "'ORSXG5A='", "'dGVzdA=='", "'ネット'", '"80\\n"', '"\\nexample.com"', '"a\\eb"', "'$x'", "'\#{x}'",
    '"tab\\there"', '"nul\\u0000"', 'nil', 'true', 'false', ':undef', ':default', ':keyword', '[]', '[nil]',
    '[80, 443]', "['a', 'b']", '[[1], { 2 => 3 }]', '{}', "{ 'foo' => 'bar' }", "{ 'name' => { 'ensure' => 'present' } }",
    "{ 'name' => {} }", "{ '' => { 'a' => 1 } }", "{ 'machine' => 'm', 'login' => 'l', 'password' => 'p' }",
    "{ 'machine' => '', 'login' => 'l', 'password' => 'p' }", "{ 'ensure' => 'present', 'port' => 3142 }",
    "{ 'ensure' => 'gone', 'perhost' => [{ 'scope' => 's', 'port' => 0 }] }", "{ 'scope' => 's', 'port' => 1 }",
    "{ 'RedirectURI' => 'https://x.example/cb', 'Scope' => 'openid email' }", "{ 'UserInfoRefreshInterval' => '3' }",
    "{ 1 => 2 }", "{ a: 1, 'a' => 2 }", '{ nil => 1 }', '/x/', '/x/i', '1r', 'String', "Struct.new(:a).new(1)"
  ].freeze

  # Descriptions that name no alias, or are not types, with the values they
  # are tried with.
  ODD_DESCRIPTIONS = {
    'Stdlib::Nope' => ['1'], 'Optional[Stdlib::Nope]' => ['1', 'nil'], 'stdlib::port' => ['1'],
    'Integer[' => ['1'], 'Integer[2,1]' => ['1'], 'Variant[Stdlib::Port, Stdlib::Nope]' => ['1'],
    'Struct[{a => Stdlib::Port}]' => ["{ 'a' => 80 }", "{ 'a' => -1 }", "{ 'b' => 1 }"], 'File' => ["'x'"],
    "Enum['a', 'b']" => ["'a'", "'c'"], 'Pattern[/\A\d+\z/]' => ["'12'", "'1a'"], 'Any' => ['nil', '2**64'],
    'Optional[String]' => ['nil', ':undef', '1'], 'Undef' => ['nil', ':undef'],
    "Tuple[Integer, String]" => ["[1, 'a']", "[1, 2, 3]"]
  }.freeze

  module_function

  # The type aliases of a module path, by name.
  def aliases(modulepath = MODULEPATH)
    require 'puppet_types'
    env = PuppetTypes::Environment.new(modulepath: [modulepath])
    env.each_definition(:type_alias).map(&:name).uniq.sort
  end

  # The differential suite: the aliases of the module path, each with
  # `per_alias` of VALUES (spread over them, so that together the aliases
  # take them all), every seventh negated, every fourth alias with one
  # allow_values of its values; and the ODD_DESCRIPTIONS.
  def differential_groups(per_alias: 2)
    stride = (VALUES.size / per_alias.clamp(1, VALUES.size).to_f).ceil
    groups = aliases.each_with_index.to_h do |name, i|
      picked = VALUES.each_index.select { |j| ((j - i) % stride).zero? }.map { |j| [VALUES[j], j] }
      examples = picked.map do |v, j|
        (j % 7) == 3 ? "it { is_expected.not_to allow_value(#{v}) }" : "it { is_expected.to allow_value(#{v}) }"
      end
      examples << "it { is_expected.to allow_values(#{picked.map(&:first).join(', ')}) }" if (i % 4).zero?
      [name, examples]
    end
    ODD_DESCRIPTIONS.each do |description, vs|
      groups[description] = vs.map { |v| "it { is_expected.to allow_value(#{v}) }" }
    end
    groups
  end

  # The spec_helper of a suite run with the gem.
  def gem_helper(modulepath = MODULEPATH)
    "require 'puppet_types/rspec'\nPuppetTypes::RSpec.modulepath = [#{modulepath.inspect}]\n"
  end

  # The spec_helper of a suite run with rspec-puppet on the reference.
  def rspec_puppet_helper(modulepath = MODULEPATH)
    <<~RUBY
      require 'rspec-puppet'
      RSpec.configure do |c|
        c.module_path = #{modulepath.inspect}
        c.setup_fixtures = false
      end
    RUBY
  end

  # Write a suite: `groups` maps a description to lines of examples
  # (`it { is_expected.to allow_value(80) }`); one spec file per group.
  def write(dir, groups, helper)
    FileUtils.mkdir_p(File.join(dir, 'spec', 'type_aliases'))
    File.write(File.join(dir, 'spec', 'spec_helper.rb'), helper)
    groups.each_with_index do |(description, examples), i|
      body = examples.map { |e| "  #{e}\n" }.join
      File.write(File.join(dir, 'spec', 'type_aliases', format('a%03d_spec.rb', i)),
                 "require 'spec_helper'\n\ndescribe #{description.inspect} do\n#{body}end\n")
    end
    dir
  end

  # Replace the spec_helper of a written suite.
  def helper!(dir, helper)
    File.write(File.join(dir, 'spec', 'spec_helper.rb'), helper)
  end

  # Run `rspec` in `dir` (with the gem's lib on the load path when `gem`).
  # Returns the JSON report's examples by id: [status, message or nil], with
  # the whole report under :report and the process status under :status.
  def run(dir, gem:, args: [])
    out = File.join(dir, 'report.json')
    FileUtils.rm_f(out)
    cmd = ['rspec']
    cmd += ['-I', LIB] if gem
    cmd += ['--format', 'json', '--out', out, '--exclude-pattern', 'spec/fixtures/**/*_spec.rb', *args]
    _stdout, stderr, status = Open3.capture3(*cmd, chdir: dir)
    raise "rspec in #{dir} gave no report: #{stderr[-2000..] || stderr}" unless File.exist?(out)

    report = JSON.parse(File.read(out))
    results = report['examples'].to_h do |e|
      [e['id'], [e['status'], e.dig('exception', 'message')]]
    end
    results.merge(report: report, status: status, stderr: stderr)
  end

  # rspec-puppet's [status, message] as the gem gives it: the same, but for
  # a name of the description (line 3 of the compiled manifest) that resolves
  # to nothing, which the gem words as the reference words an unresolved type
  # (docs/divergences.md).
  def documented_divergence(result)
    return result unless result.is_a?(Array) && result[1]

    message = result[1].sub(/Evaluation Error: Resource type not found: (\S+) \(line: 3, column: \d+\)/) do
      "Evaluation Error: Error while evaluating a Function Call, assert_type(): references an unresolved type '#{$1}' " \
        '(line: 3, column: 1)'
    end
    [result[0], message]
  end

  # True when Debian's rspec-puppet is installed.
  def rspec_puppet?
    Gem::Specification.find_all_by_name('rspec-puppet').any?
  end
end
