# frozen_string_literal: true

require 'spec_helper'
require 'puppet_types/cli'
require 'stringio'
require 'json'
require 'tmpdir'

# The puppet-types command (exe/puppet-types over PuppetTypes::CLI).
RSpec.describe PuppetTypes::CLI do
  fixtures = File.expand_path('../tests/fixtures/env', __dir__)

  def run(*argv, chdir: nil)
    out = StringIO.new
    err = StringIO.new
    status = if chdir
               Dir.chdir(chdir) { described_class.run(argv, out: out, err: err) }
             else
               described_class.run(argv, out: out, err: err)
             end
    [status, out.string, err.string]
  end

  it 'prints its help with --help and exits 0, and with no command exits 2' do
    status, out, = run('--help')
    expect(status).to eq(0)
    expect(out).to include('Usage: puppet-types COMMAND', 'strings')
    expect(run.first).to eq(2)
  end

  it 'lists every command in its help, and explains each with COMMAND --help' do
    out = run('--help')[1]
    %w[validate dump strings].each do |name|
      expect(out).to match(/^  #{name} +\S/)
      status, help, = run(name, '--help')
      expect(status).to eq(0)
      expect(help).to start_with("Usage: puppet-types #{name} ")
    end
  end

  it 'exits 2 for an internal error' do
    failing = Class.new(PuppetTypes::CLI::Commands::Base) do
      const_set(:NAME, 'fail-for-spec')
      const_set(:USAGE, 'fail-for-spec')
      const_set(:SUMMARY, 'fails')
      def run(_args) = raise(NoMethodError, 'broken')
    end
    described_class.register(failing)
    status, _, err = run('fail-for-spec')
    expect([status, err]).to eq([2, "puppet-types: internal error: NoMethodError: broken\n"])
  ensure
    described_class::COMMANDS.delete('fail-for-spec')
  end

  it 'exits 130 with one line and no backtrace when Ctrl-C stops a command' do
    Dir.mktmpdir do |dir|
      # (a data file of 40 MB: seconds of reading)
      data = File.join(dir, 'common.yaml')
      File.write(data, "x::y:\n" + (1..1_500_000).map { |i| "  - a: #{i}\n    b: s#{i}\n" }.join)
      exe = File.expand_path('../exe/puppet-types', __dir__)
      lib = File.expand_path('../lib', __dir__)
      err = File.join(dir, 'err')
      pid = Process.spawn(RbConfig.ruby, '-I', lib, exe, 'check-data', '--modulepath', dir, data,
                          out: File::NULL, err: err)
      sleep 1
      Process.kill('INT', pid)
      _, status = Process.wait2(pid)
      expect([status.exitstatus, File.read(err)]).to eq([130, "puppet-types: interrupted\n"])
    end
  end

  it 'ends quietly, as SIGPIPE ends a command, when the reader of its output has gone (puppet-types ... | head)' do
    exe = File.expand_path('../exe/puppet-types', __dir__)
    lib = File.expand_path('../lib', __dir__)
    reader, writer = IO.pipe
    reader.close
    Dir.mktmpdir do |dir|
      err = File.join(dir, 'err')
      pid = Process.spawn(RbConfig.ruby, '-I', lib, exe, 'strings', '--format', 'json', fixtures,
                          out: writer, err: err)
      writer.close
      _, status = Process.wait2(pid)
      expect([status.termsig, File.read(err).lines.grep(/puppet-types:/)]).to eq([Signal.list['PIPE'], []])
    end
  end

  it 'prints its version' do
    expect(run('--version')[1]).to eq("puppet-types #{PuppetTypes::VERSION}\n")
  end

  it 'exits 2 with a message for an unknown command or option' do
    status, _, err = run('nope')
    expect([status, err]).to eq([2, "puppet-types: unknown command 'nope'\nRun 'puppet-types --help' for usage.\n"])
    expect(run('strings', '--bogus').first).to eq(2)
    expect(run('strings', '--format', 'markdown').first).to eq(2)
  end

  describe 'strings' do
    it 'explains itself with --help' do
      status, out, = run('strings', '--help')
      expect(status).to eq(0)
      expect(out).to include('Usage: puppet-types strings --format json [--out FILE] [PATH...]')
    end

    it "prints puppet-strings' JSON for the module directories of the current directory" do
      status, out, = run('strings', '--format', 'json', chdir: "#{fixtures}/strings/docs")
      expect(status).to eq(0)
      expect(out).to eq(File.read("#{fixtures}/strings/docs.json"))
    end

    it 'writes to --out, and exits 1 naming each file it could not document' do
      Dir.mktmpdir do |dir|
        status, out, err = run('strings', '--format', 'json', '--out', "#{dir}/o.json", 'manifests', 'functions',
                               'types', 'plans', chdir: "#{fixtures}/modulepath/fx")
        expect(status).to eq(1)
        expect(out).to eq('')
        expect(err).to include("error: Syntax error at '}'", 'manifests/broken.pp', 'manifests/latin1.pp')
        expect(File.read("#{dir}/o.json")).to eq(File.read("#{fixtures}/strings/fx.json"))
      end
    end

    it 'takes files as well as directories' do
      status, out, = run('strings', 'manifests/init.pp', chdir: "#{fixtures}/strings/docs")
      expect(status).to eq(0)
      expect(JSON.parse(out)['puppet_classes'].map { |c| c['name'] }).to eq(%w[docs docs::nested])
    end
  end
end
