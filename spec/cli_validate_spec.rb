# frozen_string_literal: true

require 'spec_helper'
require 'puppet_types/cli'
require 'stringio'
require 'json'
require 'tmpdir'
require 'open3'
require 'rbconfig'

# `puppet-types validate` over spec/fixtures/cli/validate: a module tree
# (valid and broken manifests and templates, a README that is not read) and a
# file with a warning only. expected.FORMAT holds the output of
# `validate --format FORMAT tree warn_only.pp` run there; the first
# diagnostic of each file is the reference's (`puppet parser validate` for
# the manifests, `puppet epp validate` for the templates).
RSpec.describe 'puppet-types validate' do
  fixtures = File.expand_path('fixtures/cli/validate', __dir__)

  def run(*argv, chdir:)
    out = StringIO.new
    err = StringIO.new
    status = Dir.chdir(chdir) { PuppetTypes::CLI.run(argv, out: out, err: err) }
    [status, out.string, err.string]
  end

  %w[text json github junit].each do |format|
    it "prints every problem of every file in #{format}, ordered by path and position, and exits 1" do
      status, out, err = run('validate', '--format', format, 'tree', 'warn_only.pp', chdir: fixtures)
      expect(out).to eq(File.read(File.join(fixtures, "expected.#{format}")))
      expect(status).to eq(1)
      expect(err).to eq(format == 'text' ? "4 errors, 3 warnings in 6 files\n" : '')
    end
  end

  it 'gives the same output on one thread as on several' do
    one = run('validate', '--jobs', '1', '--format', 'json', 'tree', 'warn_only.pp', chdir: fixtures)
    three = run('validate', '--jobs', '3', '--format', 'json', 'tree', 'warn_only.pp', chdir: fixtures)
    expect(one).to eq(three)
    expect(JSON.parse(one[1])).to include('files' => 6, 'errors' => 4, 'warnings' => 3)
  end

  it 'exits 0 for warnings alone, 1 with --fail-on-warnings, and prints nothing for clean files' do
    expect(run('validate', 'warn_only.pp', chdir: fixtures).first).to eq(0)
    expect(run('validate', '--fail-on-warnings', 'warn_only.pp', chdir: fixtures).first).to eq(1)
    expect(run('validate', 'tree/manifests/init.pp', 'tree/templates', chdir: fixtures)).to eq([1, <<~OUT, "1 error, 0 warnings in 3 files\n"])
      tree/templates/bad.epp:2:19: error: Syntax error at '%>' [SYNTAX_ERROR]
    OUT
    expect(run('validate', 'tree/manifests/init.pp', chdir: fixtures)).to eq([0, '', ''])
  end

  it 'marks warnings as failing junit testcases with --fail-on-warnings' do
    _, out, = run('validate', '--format', 'junit', '--fail-on-warnings', 'warn_only.pp', chdir: fixtures)
    expect(out).to include('failures="1"', %(<failure type="warning" message="The key 'a' is declared more than once">))
  end

  it 'exits 2 for a usage error' do
    status, out, err = run('validate', '--format', 'xml', 'tree', chdir: fixtures)
    expect([status, out]).to eq([2, ''])
    expect(err).to include('invalid argument: --format xml')
    expect(run('validate', '--jobs', '0', 'tree', chdir: fixtures).first).to eq(2)
  end

  it 'gives one diagnostic for each file it cannot use and goes on' do
    Dir.mktmpdir do |dir|
      File.binwrite("#{dir}/binary.pp", "\x7FELF\x02\x01\x00\x00\x00")
      File.binwrite("#{dir}/bom.pp", "\xEF\xBB\xBFnotice(1)\n")
      File.binwrite("#{dir}/latin1.pp", "notice('caf\xE9')\n")
      File.open("#{dir}/huge.pp", 'w') { |f| f.truncate(65 * 1024 * 1024) }
      File.mkfifo("#{dir}/fifo.pp")
      Dir.mkdir("#{dir}/loop")
      File.symlink('..', "#{dir}/loop/up")
      File.write("#{dir}/ok.pp", "notice(1)\n")
      File.write("#{dir}/zz.pp", "$x = ,\n")
      status, out, = run('validate', '.', 'missing.pp', chdir: dir)
      expect(status).to eq(1)
      expect(out).to eq(<<~OUT)
        ./binary.pp:1:7: error: The file is binary (it has a NUL byte), not Puppet source [BINARY_FILE]
        ./bom.pp: error: Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source [SYNTAX_ERROR]
        ./fifo.pp: error: Cannot read the file: it is not a regular file [UNREADABLE_FILE]
        ./huge.pp: error: Cannot read the file: it has 68157440 bytes, more than the 67108864 read [UNREADABLE_FILE]
        ./latin1.pp:1:12: error: The file is not valid UTF-8 (byte 0xE9) [INVALID_ENCODING]
        ./loop/up: warning: The directory was reached again through symbolic links; its files are loaded once [SYMLINK_LOOP]
        ./zz.pp:1:6: error: Syntax error at ',' [SYNTAX_ERROR]
        missing.pp: error: Cannot read the file: No such file or directory [UNREADABLE_FILE]
      OUT
    end
  end

  it 'checks the files of --modulepath against their environment, and only then' do
    modules = File.expand_path('../tests/fixtures/envchecks/modules', __dir__)
    status, out, = run('validate', '--modulepath', modules, 'm', chdir: modules)
    expect(status).to eq(1)
    expect(out).to eq(<<~OUT)
      m/manifests/init.pp:3:22: error: Class[M]: parameter 'enabled' expects a Boolean value, got String [DEFAULT_VALUE_TYPE_MISMATCH]
      m/manifests/init.pp:4:26: error: Class[M]: parameter 'level' expects an Integer[1, 5] value, got Integer[7, 7] [DEFAULT_VALUE_TYPE_MISMATCH]
      m/manifests/init.pp:7:3: warning: The type of parameter $typo references an unresolved type 'Strin' [UNRESOLVED_TYPE]
      m/manifests/init.pp:9:27: error: Class[M]: parameter 'alias_level' expects a M::Level = Integer[1, 5] value, got Integer[9, 9] [DEFAULT_VALUE_TYPE_MISMATCH]
      m/manifests/init.pp:10:35: error: Class[M]: parameter 'limits' entry 'b' expects an Integer value, got String [DEFAULT_VALUE_TYPE_MISMATCH]
      m/manifests/misplaced.pp:1:7: warning: The class 'm::elsewhere' is not where the autoloader looks for it: m/manifests/misplaced.pp is for 'm::misplaced' [DEFINITION_PATH_MISMATCH]
      m/manifests/server/vhost.pp:2:3: warning: The type of parameter $port references an unresolved type 'Stdlib::Port' [UNRESOLVED_TYPE]
      m/manifests/server/vhost.pp:3:28: error: M::Server::Vhost[$title]: parameter 'aliases' expects an Array value, got String [DEFAULT_VALUE_TYPE_MISMATCH]
      m/types/port.pp:1:6: error: The code loaded from #{modules}/m/types/port.pp produced type with the wrong name, expected 'm::port', actual 'M::Prt' [DEFINITION_NAME_MISMATCH]
    OUT
    expect(run('validate', 'm', chdir: modules)).to eq([0, '', ''])
  end

  it 'shows no progress line when standard error is not a terminal' do
    lib = File.expand_path('../lib', __dir__)
    exe = File.expand_path('../exe/puppet-types', __dir__)
    out, err, status = Open3.capture3(RbConfig.ruby, '-I', lib, exe, 'validate', 'tree', 'warn_only.pp',
                                      chdir: fixtures)
    expect(status.exitstatus).to eq(1)
    expect(out).to eq(File.read(File.join(fixtures, 'expected.text')))
    expect(err).to eq("4 errors, 3 warnings in 6 files\n")
  end
end
