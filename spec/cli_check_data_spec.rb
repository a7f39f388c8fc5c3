# frozen_string_literal: true

require 'spec_helper'
require 'puppet_types/cli'
require 'puppet_types/rake_task'
require 'stringio'
require 'json'
require 'tmpdir'

# `puppet-types check-data` and the puppet_types:check_data rake task, over
# the fixture module path tests/fixtures/data/modulepath.
RSpec.describe 'puppet-types check-data' do
  modulepath = File.expand_path('../tests/fixtures/data/modulepath', __dir__)

  def run(*argv, chdir: nil)
    out = StringIO.new
    err = StringIO.new
    status = if chdir
               Dir.chdir(chdir) { PuppetTypes::CLI.run(argv, out: out, err: err) }
             else
               PuppetTypes::CLI.run(argv, out: out, err: err)
             end
    [status, out.string, err.string]
  end

  around do |example|
    Dir.mktmpdir do |dir|
      @dir = dir
      File.write("#{dir}/bad.yaml", "web::sendfile: 'yes'\nweb::sendfiel: 'On'\n")
      File.write("#{dir}/good.yaml", "web::sendfile: 'On'\nweb::docroot: /srv\n")
      File.write("#{dir}/empty.yaml", "---\n")
      example.run
    end
  end

  it 'reports findings as text and exits 1' do
    status, out, = run('check-data', '--modulepath', modulepath, "#{@dir}/bad.yaml")
    expect(status).to eq(1)
    expect(out).to include("#{@dir}/bad.yaml:1:16: error [TYPE_MISMATCH]: Class[Web]: parameter 'sendfile' expects a match for Enum['Off', 'On', 'off', 'on'], got 'yes'")
    expect(out).to include("#{@dir}/bad.yaml:2:1: error [UNKNOWN_PARAMETER]: Class[Web]: has no parameter named 'sendfiel' (did you mean 'sendfile'?)")
    expect(out).to end_with("2 errors, 0 warnings\n")
  end

  it 'exits 0 for clean data, and for warnings alone' do
    expect(run('check-data', '--modulepath', modulepath, "#{@dir}/good.yaml").first).to eq(0)
    status, out, = run('check-data', '--modulepath', modulepath, "#{@dir}/empty.yaml")
    expect(status).to eq(0)
    expect(out).to include('warning [DATA_NOT_A_HASH]')
  end

  it 'writes json with the key of each data finding' do
    status, out, = run('check-data', '--modulepath', modulepath, '--format', 'json', "#{@dir}/bad.yaml")
    expect(status).to eq(1)
    found = JSON.parse(out)
    expect(found.first).to include('path' => "#{@dir}/bad.yaml", 'line' => 1, 'column' => 16, 'severity' => 'error',
                                   'code' => 'TYPE_MISMATCH', 'key' => 'web::sendfile', 'class_name' => 'web',
                                   'parameter' => 'sendfile')
    expect(found.first.keys).to include('end_line', 'end_column', 'message')
  end

  it 'writes github annotations and junit' do
    _, out, = run('check-data', '--modulepath', modulepath, '--format', 'github', "#{@dir}/bad.yaml")
    expect(out.lines.first).to start_with("::error file=#{@dir}/bad.yaml,line=1,col=16,endLine=1,endColumn=21,title=TYPE_MISMATCH::Class[Web]")
    _, out, = run('check-data', '--modulepath', modulepath, '--format', 'junit', "#{@dir}/bad.yaml")
    expect(out).to include('<testsuite name="puppet-types check-data" tests="1" failures="1">')
    expect(out.scan('<failure').size).to eq(2)
  end

  it 'checks the hierarchy of --hiera-config, and module data' do
    File.write("#{@dir}/hiera.yaml", "version: 5\nhierarchy:\n  - name: os\n    path: 'os/%{facts.os.family}.yaml'\n")
    FileUtils.mkdir_p("#{@dir}/data/os")
    File.write("#{@dir}/data/os/Debian.yaml", "web::port: 0\n")
    status, out, = run('check-data', '--modulepath', modulepath, '--hiera-config', "#{@dir}/hiera.yaml", '--format', 'json')
    expect(status).to eq(1)
    files = JSON.parse(out).map { |d| [File.basename(d['path']), d['code']] }
    expect(files).to include(['Debian.yaml', 'TYPE_MISMATCH'], ['common.yaml', 'MODULE_DATA_KEY'])
    _, out, = run('check-data', '--modulepath', modulepath, '--hiera-config', "#{@dir}/hiera.yaml",
                  '--no-module-data', '--format', 'json')
    expect(JSON.parse(out).map { |d| File.basename(d['path']) }).to eq(['Debian.yaml'])
  end

  it 'uses ./hiera.yaml and ./site:./modules by default, and exits 2 without them' do
    status, _, err = run('check-data', chdir: @dir)
    expect(status).to eq(2)
    expect(err).to include('check-data needs DATA_FILEs or --hiera-config')
    FileUtils.mkdir_p("#{@dir}/modules")
    FileUtils.cp_r("#{modulepath}/web", "#{@dir}/modules/web")
    FileUtils.cp_r("#{modulepath}/lib", "#{@dir}/modules/lib")
    File.write("#{@dir}/hiera.yaml", "version: 5\nhierarchy:\n  - name: c\n    path: bad.yaml\n")
    FileUtils.mkdir_p("#{@dir}/data")
    FileUtils.cp("#{@dir}/bad.yaml", "#{@dir}/data/bad.yaml")
    status, out, = run('check-data', '--no-module-data', chdir: @dir)
    expect(status).to eq(1)
    expect(out).to include('data/bad.yaml:1:16: error [TYPE_MISMATCH]')
  end

  it 'reports a missing module path entry and goes on' do
    status, out, = run('check-data', '--modulepath', "#{modulepath}:/nonexistent", "#{@dir}/bad.yaml")
    expect(status).to eq(1)
    expect(out).to include('[MISSING_MODULEPATH]', '[TYPE_MISMATCH]')
  end

  it 'has a rake task that fails on errors' do
    app = Rake::Application.new
    Rake.with_application(app) do
      PuppetTypes::RakeTask.new do |t|
        t.modulepath = [modulepath]
        t.data_files = ["#{@dir}/bad.yaml"]
        t.format = 'json'
      end
    end
    task = app['puppet_types:check_data']
    expect { expect { task.invoke }.to raise_error(SystemExit) }.to output(/TYPE_MISMATCH/).to_stdout
  end
end
