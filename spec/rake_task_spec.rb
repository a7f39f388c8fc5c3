# frozen_string_literal: true

require 'spec_helper'
require 'puppet_types/rake_task'
require 'tmpdir'
require 'fileutils'
require 'stringio'

# `require 'puppet_types/rake_task'`: PuppetTypes::RakeTask defines
# puppet_types:validate over a module tree.
RSpec.describe PuppetTypes::RakeTask do
  tree = File.expand_path('fixtures/cli/validate/tree', __dir__)

  def define(&block)
    app = Rake::Application.new
    task = nil
    Rake.with_application(app) { task = described_class.new(&block) }
    [app, task]
  end

  around do |example|
    Rake::TaskManager.record_task_metadata = true
    stderr = $stderr
    $stderr = StringIO.new
    Dir.mktmpdir do |dir|
      FileUtils.cp_r(tree, "#{dir}/mod")
      Dir.chdir(dir) { example.run }
    end
  ensure
    $stderr = stderr
  end

  it 'defines puppet_types:validate, which fails on errors and prints them' do
    app, = define
    task = app['puppet_types:validate']
    expect(task.comment).to start_with('Validate Puppet manifests')
    expect { expect { task.invoke }.to raise_error(SystemExit) }
      .to output(%r{\Amod/manifests/broken.pp:4:5: error: Syntax error at 'mode' \[SYNTAX_ERROR\]\n}).to_stdout
  end

  it 'leaves out exclude_paths and passes when what is left is clean' do
    app, = define { |t| t.exclude_paths = ['mod/manifests/broken.pp', 'mod/manifests/checks.pp', 'mod/**/*.epp'] }
    expect { app['puppet_types:validate'].invoke }.to output('').to_stdout
  end

  it 'makes warnings fail with fail_on_warnings' do
    File.write('mod/manifests/warn.pp', "notice({ 'a' => 1, 'a' => 2 })\n")
    excluded = ['mod/manifests/broken.pp', 'mod/manifests/checks.pp', 'mod/**/*.epp']
    app, = define { |t| t.exclude_paths = excluded }
    expect { app['puppet_types:validate'].invoke }.to output(/DUPLICATE_KEY/).to_stdout
    app, = define do |t|
      t.exclude_paths = excluded
      t.fail_on_warnings = true
    end
    expect { expect { app['puppet_types:validate'].invoke }.to raise_error(SystemExit) }.to output(/DUPLICATE_KEY/).to_stdout
  end

  it 'gives the arguments of the command for its settings' do
    _, task = define do |t|
      t.paths = ['mod/templates']
      t.format = 'junit'
      t.jobs = 2
      t.fail_on_warnings = true
    end
    expect(task.arguments(:validate)).to eq(%w[validate --format junit --jobs 2 --fail-on-warnings
                                                mod/templates/bad.epp mod/templates/motd.epp])
    _, task = define { |t| t.exclude_paths = ['mod/**/*'] }
    expect(task.arguments(:validate)).to be_nil
  end

  it 'lets other commands add their task and settings' do
    described_class.setting(:spec_flag, 'on')
    described_class.command(:spec_check, 'A check for this spec') { |t| ['--version', t.spec_flag] }
    app, task = define
    expect(task.arguments(:spec_check)).to eq(%w[--version on])
    expect { app['puppet_types:spec_check'].invoke }.to output("puppet-types #{PuppetTypes::VERSION}\n").to_stdout
  ensure
    described_class::COMMANDS.delete(:spec_check)
  end
end
