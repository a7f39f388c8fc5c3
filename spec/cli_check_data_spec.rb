# frozen_string_literal: true

require 'spec_helper'
require 'puppet_types/cli'
require 'puppet_types/rake_task'
require 'stringio'
require 'json'
require 'tmpdir'
require 'fileutils'
require 'open3'
require 'rbconfig'

# `puppet-types check-data` and the puppet_types:check_data rake task: over
# the fixture module path tests/fixtures/data/modulepath (class `web`), and
# over the example control repository of bin/demo (examples/control-repo),
# whose findings are given here in full.
RSpec.describe 'puppet-types check-data' do
  modulepath = File.expand_path('../tests/fixtures/data/modulepath', __dir__)
  control_repo = File.expand_path('../examples/control-repo', __dir__)
  exe = File.expand_path('../exe/puppet-types', __dir__)
  lib = File.expand_path('../lib', __dir__)

  def run(*argv, chdir: @dir)
    out = StringIO.new
    err = StringIO.new
    status = Dir.chdir(chdir) { PuppetTypes::CLI.run(argv, out: out, err: err) }
    [status, out.string, err.string]
  end

  around do |example|
    Dir.mktmpdir do |dir|
      @dir = dir
      File.write("#{dir}/bad.yaml", "web::sendfile: 'yes'\nweb::sendfiel: 'On'\n")
      File.write("#{dir}/good.yaml", "web::sendfile: 'On'\nweb::docroot: /srv\n")
      File.write("#{dir}/dup.yaml", "web::port: 80\nweb::port: 81\n")
      example.run
    end
  end

  describe 'exit status' do
    it 'is 1 for an error, 0 for clean data and for warnings alone, 1 for warnings with --fail-on-warnings' do
      expect(run('check-data', '--modulepath', modulepath, 'bad.yaml').first).to eq(1)
      expect(run('check-data', '--modulepath', modulepath, 'good.yaml')).to eq([0, '', ''])
      status, out, = run('check-data', '--modulepath', modulepath, 'dup.yaml')
      expect([status, out]).to eq([0, "dup.yaml:2:1: warning: The key 'web::port' is given more than once " \
                                      "(first on line 1): the last value is used [DUPLICATE_DATA_KEY]\n"])
      expect(run('check-data', '--modulepath', modulepath, '--fail-on-warnings', 'dup.yaml').first).to eq(1)
    end

    it 'is 2 for a usage error: a bad option, no data, no module path' do
      status, out, err = run('check-data', '--modulepath', modulepath, '--format', 'xml', 'bad.yaml')
      expect([status, out]).to eq([2, ''])
      expect(err).to include('invalid argument: --format xml')
      expect(run('check-data', '--modulepath', modulepath, '--jobs', '0', 'bad.yaml').first).to eq(2)
      status, _, err = run('check-data', '--modulepath', modulepath)
      expect(status).to eq(2)
      expect(err).to include('check-data needs DATA_FILEs or --hiera-config')
      status, _, err = run('check-data', 'bad.yaml')
      expect(status).to eq(2)
      expect(err).to include('check-data needs --modulepath')
    end
  end

  describe 'formats' do
    it 'prints text with the summary on standard error' do
      expect(run('check-data', '--modulepath', modulepath, 'bad.yaml', 'good.yaml')).to eq([1, <<~OUT, "2 errors, 0 warnings in 2 files\n"])
        bad.yaml:1:16: error: Class[Web]: parameter 'sendfile' expects a match for Enum['Off', 'On', 'off', 'on'], got 'yes' [TYPE_MISMATCH]
        bad.yaml:2:1: error: Class[Web]: has no parameter named 'sendfiel' (did you mean 'sendfile'?) [UNKNOWN_PARAMETER]
      OUT
    end

    it 'writes json with the key, class and parameter of each finding' do
      status, out, err = run('check-data', '--modulepath', modulepath, '--format', 'json', 'bad.yaml', 'good.yaml')
      expect([status, err]).to eq([1, ''])
      doc = JSON.parse(out)
      expect(doc.slice('files', 'errors', 'warnings')).to eq('files' => 2, 'errors' => 2, 'warnings' => 0)
      expect(doc['diagnostics'].first).to eq(
        'path' => 'bad.yaml', 'line' => 1, 'column' => 16, 'end_line' => 1, 'end_column' => 21,
        'severity' => 'error', 'code' => 'TYPE_MISMATCH',
        'message' => "Class[Web]: parameter 'sendfile' expects a match for Enum['Off', 'On', 'off', 'on'], got 'yes'",
        'key' => 'web::sendfile', 'class_name' => 'web', 'parameter' => 'sendfile'
      )
      expect(doc['diagnostics'].last).to include('code' => 'UNKNOWN_PARAMETER', 'key' => 'web::sendfiel',
                                                 'class_name' => 'web', 'parameter' => 'sendfiel')
    end

    it 'writes github annotations' do
      _, out, = run('check-data', '--modulepath', modulepath, '--format', 'github', 'bad.yaml')
      expect(out).to eq(<<~OUT)
        ::error file=bad.yaml,line=1,col=16,endLine=1,endColumn=21,title=TYPE_MISMATCH::Class[Web]: parameter 'sendfile' expects a match for Enum['Off', 'On', 'off', 'on'], got 'yes'
        ::error file=bad.yaml,line=2,col=1,endLine=2,endColumn=14,title=UNKNOWN_PARAMETER::Class[Web]: has no parameter named 'sendfiel' (did you mean 'sendfile'?)
      OUT
    end

    it 'writes junit with a passing testcase for each clean file' do
      _, out, = run('check-data', '--modulepath', modulepath, '--format', 'junit', 'bad.yaml', 'good.yaml', 'dup.yaml')
      expect(out).to include('<testsuite name="puppet-types check-data" tests="3" errors="0" failures="1"',
                             '<testcase classname="puppet-types check-data" name="good.yaml" time="0"/>',
                             %(<failure type="error" message="Class[Web]: parameter 'sendfile' expects),
                             '<system-out>dup.yaml:2:1: warning:')
      _, out, = run('check-data', '--modulepath', modulepath, '--format', 'junit', '--fail-on-warnings', 'dup.yaml')
      expect(out).to include('failures="1"', '<failure type="warning"')
    end

    it 'gives the same findings on one thread as on several' do
      one = run('check-data', '--modulepath', modulepath, '--jobs', '1', '--format', 'json', 'bad.yaml', 'dup.yaml')
      three = run('check-data', '--modulepath', modulepath, '--jobs', '3', '--format', 'json', 'bad.yaml', 'dup.yaml')
      expect(one).to eq(three)
    end
  end

  describe 'the example control repository' do
    it 'finds the mistakes of its data, each at its innermost node' do
      status, out, err = run('check-data', '--modulepath', 'site', '--hiera-config', 'hiera.yaml', chdir: control_repo)
      expect(status).to eq(1)
      expect(err).to eq("12 errors, 2 warnings in 7 files\n")
      expect(out).to eq(<<~'OUT')
        data/common.yaml:11:5: error: Class[Profile::Base]: parameter 'ntp_servers' index 2 expects a String[1] value, got String [TYPE_MISMATCH]
        data/common.yaml:13:33: error: Class[Profile::Base]: parameter 'manage_firewall' expects a Boolean value, got String [TYPE_MISMATCH]
        data/common.yaml:18:9: error: Class[Profile::Base]: parameter 'packages' entry 'htop' expects a match for Enum['absent', 'latest', 'present'], got 'installed' [TYPE_MISMATCH]
        data/nodes/db01.example.com.yaml:8:5: error: Class[Profile::Database]: [TYPE_MISMATCH]
            parameter 'access_rules' index 1 expects a value for key 'address'
            parameter 'access_rules' index 1 unrecognized key 'adress'
        data/nodes/db01.example.com.yaml:11:1: warning: The key 'profile::database::max_connections' is given more than once (first on line 2): the last value is used [DUPLICATE_DATA_KEY]
        data/nodes/db01.example.com.yaml:11:37: error: Class[Profile::Database]: parameter 'max_connections' expects an Integer[1, 10000] value, got Integer[20000, 20000] [TYPE_MISMATCH]
        data/nodes/web01.example.com.yaml:14:14: error: Class[Profile::Webserver]: parameter 'vhosts' entry 'blog' entry 'docroot' expects a match for Profile::Absolutepath = Pattern[/\A\/([^\/\0]+\/*)*\z/], got 'srv/www/blog' [TYPE_MISMATCH]
        data/nodes/web01.example.com.yaml:18:1: error: Could not find class 'profile::webservr' for the key 'profile::webservr::port' (did you mean 'profile::webserver'?) [UNKNOWN_CLASS]
        data/roles/webserver.yaml:2:27: error: Class[Profile::Webserver]: parameter 'port' expects a Profile::Port = Integer[1, 65535] value, got String [TYPE_MISMATCH]
        data/roles/webserver.yaml:3:29: error: Class[Profile::Webserver]: parameter 'ensure' expects a match for Enum['running', 'stopped'], got 'enabled' [TYPE_MISMATCH]
        data/roles/webserver.yaml:4:1: error: Class[Profile::Webserver]: has no parameter named 'max_wokers' (did you mean 'max_workers'?) [UNKNOWN_PARAMETER]
        site/motd/data/common.yaml:4:18: error: Class[Motd]: parameter 'max_width' expects a value of type Undef or Integer[0, 100], got Integer[120, 120] [TYPE_MISMATCH]
        site/motd/data/common.yaml:6:1: warning: Module 'motd': the key 'profile::base::timezone' is not qualified with the name of the module, so hiera does not use it [MODULE_DATA_KEY]
        site/motd/data/os/Debian.yaml:2:14: error: Class[Motd]: parameter 'style' expects a match for Enum['dynamic', 'static'], got 'fancy' [TYPE_MISMATCH]
      OUT
    end

    it 'names every data file of the hierarchy and of the module in json, and leaves the rest alone' do
      _, out, = run('check-data', '--modulepath', 'site', '--hiera-config', 'hiera.yaml', '--format', 'json',
                    chdir: control_repo)
      doc = JSON.parse(out)
      expect(doc.slice('files', 'errors', 'warnings')).to eq('files' => 7, 'errors' => 12, 'warnings' => 2)
      keys = doc['diagnostics'].map { |d| d['key'] }
      # interpolations, the eyaml value, a plain key and a Struct key another level may give are not findings
      expect(keys).not_to include('profile::webserver::servername', 'profile::base::admin_email', 'motd::message',
                                  'profile::database::password', 'backup_window')
      docroot = doc['diagnostics'].find { |d| d['key'] == 'profile::webserver::vhosts' }
      expect(docroot.values_at('line', 'column', 'end_line', 'end_column')).to eq([14, 14, 14, 26])
      _, out, = run('check-data', '--modulepath', 'site', '--hiera-config', 'hiera.yaml', '--strict', '--format', 'json',
                    chdir: control_repo)
      expect(JSON.parse(out)['diagnostics'].map { |d| d['key'] }).to include('backup_window')
    end

    it 'finds the mistakes of its manifests with validate' do
      expect(run('validate', '--modulepath', 'site', 'site', 'manifests', chdir: control_repo)).to eq([1, <<~OUT, "1 error, 1 warning in 11 files\n"])
        site/profile/manifests/database.pp:7:63: error: Class[Profile::Database]: parameter 'auth_method' expects a match for Enum['md5', 'scram-sha-256'], got 'trust' [DEFAULT_VALUE_TYPE_MISMATCH]
        site/profile/manifests/webserver.pp:16:14: warning: The key 'owner' is declared more than once [DUPLICATE_KEY]
      OUT
    end
  end

  describe 'bad input' do
    it 'gives one diagnostic for each file it cannot use, and goes on' do
      File.write("#{@dir}/syntax.yaml", "a: [1, 2\nb: 3\n")
      File.write("#{@dir}/list.yaml", "- 1\n- 2\n")
      status, out, = run('check-data', '--modulepath', "#{modulepath}:/nonexistent", '--hiera-config', 'nothere.yaml',
                         '--no-module-data', 'syntax.yaml', 'list.yaml', 'missing.yaml', 'bad.yaml')
      expect(status).to eq(1)
      expect(out.lines.map { |l| l[/^\S+?:(\d+:\d+:)? \w+/] + l[/\[\w+\]$/] }).to eq(
        ['/nonexistent: warning[MISSING_MODULEPATH]',
         'bad.yaml:1:16: error[TYPE_MISMATCH]', 'bad.yaml:2:1: error[UNKNOWN_PARAMETER]',
         'list.yaml:1:1: warning[DATA_NOT_A_HASH]',
         'missing.yaml: error[UNREADABLE_FILE]',
         'nothere.yaml: error[INVALID_HIERA_CONFIG]',
         'syntax.yaml:2:2: error[DATA_SYNTAX_ERROR]']
      )
    end
  end

  describe 'output to one pipe' do
    it 'writes the summary after the findings, for check-data and validate' do
      File.write("#{@dir}/broken.pp", "class broken {\n  $h = { a => 1, a => 2 }\n  $x = ,\n}\n")
      [['check-data', '--modulepath', modulepath, 'bad.yaml'], ['validate', 'broken.pp']].each do |argv|
        out, status = Open3.capture2e(RbConfig.ruby, '-I', lib, exe, *argv, chdir: @dir)
        expect(status.exitstatus).to eq(1)
        expect(out.lines.size).to be > 1
        expect(out.lines.last).to match(/\A\d+ errors?, \d+ warnings? in 1 file\n\z/)
      end
    end
  end

  describe 'the rake task' do
    def define(&block)
      app = Rake::Application.new
      task = nil
      Rake.with_application(app) { task = PuppetTypes::RakeTask.new(&block) }
      [app, task]
    end

    around do |example|
      Rake::TaskManager.record_task_metadata = true
      stderr = $stderr
      $stderr = StringIO.new
      example.run
    ensure
      $stderr = stderr
    end

    it 'defines puppet_types:check_data, which fails on errors and prints them' do
      app, = define do |t|
        t.modulepath = [modulepath]
        t.data_files = ["#{@dir}/bad.yaml"]
      end
      task = app['puppet_types:check_data']
      expect(task.comment).to eq('Check hiera data against the types of the class parameters it binds')
      expect { expect { task.invoke }.to raise_error(SystemExit) }.to output(/\[TYPE_MISMATCH\]/).to_stdout
    end

    it 'passes on clean data, and gives the arguments of its settings' do
      app, task = define do |t|
        t.modulepath = ['site', modulepath]
        t.data_files = ["#{@dir}/good.yaml"]
        t.format = 'json'
        t.jobs = 2
      end
      expect { app['puppet_types:check_data'].invoke }.to output(/"errors": 0/).to_stdout
      task.hiera_config = 'hiera.yaml'
      task.strict = true
      task.fail_on_warnings = true
      expect(task.arguments(:check_data)).to eq(
        ['check-data', '--format', 'json', '--modulepath', "site:#{modulepath}", '--hiera-config', 'hiera.yaml',
         '--jobs', '2', '--strict', '--fail-on-warnings', "#{@dir}/good.yaml"]
      )
    end

    it 'has nothing to do without data files or a hiera.yaml' do
      _, task = define
      Dir.chdir(@dir) { expect(task.arguments(:check_data)).to be_nil }
      _, task = define
      Dir.chdir(control_repo) { expect(task.arguments(:check_data)).to eq(%w[check-data --format text]) }
    end
  end
end
