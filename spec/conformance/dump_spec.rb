# frozen_string_literal: true

require_relative '../spec_helper'
require 'puppet_types/cli'
require 'stringio'
require 'open3'
require 'json'

# `puppet-types dump` against the reference: the tree of each sampled corpus
# manifest in the `old`, `pn` and `json` formats (and pretty pn and json)
# against Puppet's own dumpers in this process, then whole runs against
# `puppet parser dump` itself (headers, a file that does not parse, a
# missing file, -e). DUMP_SAMPLE=N (default 150) sets how many corpus files
# are compared in process; DUMP_SAMPLE=all compares every one.
RSpec.describe 'puppet-types dump', reference: true do
  corpus = Dir.glob('/usr/share/puppet/modules.available/*/manifests/**/*.pp').sort

  def sample(files, size)
    return files if size == 'all' || files.size <= size.to_i

    step = files.size.fdiv(size.to_i)
    (0...size.to_i).map { |i| files[(i * step).floor] }
  end

  def run(*argv)
    out = StringIO.new
    err = StringIO.new
    status = PuppetTypes::CLI.run(argv, out: out, err: err)
    [status, out.string, err.string]
  end

  it 'gives the reference tree of corpus manifests in every format' do
    skip 'no module corpus' if corpus.empty?
    files = sample(corpus, ENV.fetch('DUMP_SAMPLE', '150'))
    mismatches = []
    Reference.with_loaders do
      require 'puppet/pops/pn'
      files.each do |file|
        source = File.read(file, encoding: 'utf-8')
        model = Puppet::Pops::Parser::EvaluatingParser.new.parser.parse_string(source)
        pn = Puppet::Pops::Model::PNTransformer.transform(model)
        ast = PuppetTypes::Parser.new.parse_syntax(source)
        {
          'old' => [Puppet::Pops::Model::ModelTreeDumper.new.dump(model), ast.__old_dump],
          'pn' => [pn.format(nil, +''), ast.to_pn],
          'pn --pretty' => [pn.format(Puppet::Pops::PN::Indent.new('  '), +''), ast.__pn_pretty],
          'json' => [JSON.dump(pn.to_data), JSON.generate(ast.to_pn_data)],
          'json --pretty' => [JSON.pretty_unparse(pn.to_data), JSON.pretty_generate(ast.to_pn_data)]
        }.each { |format, (ref, mine)| mismatches << "#{file} (#{format})" unless ref == mine }
      end
    end
    expect(mismatches).to eq([]), "#{mismatches.size} of #{files.size} files differ"
  end

  it 'prints byte for byte what `puppet parser dump` prints' do
    skip 'no module corpus' if corpus.empty?
    Dir.mktmpdir do |dir|
      broken = File.join(dir, 'broken.pp')
      File.write(broken, "class a {\n  $x = ,\n}\n")
      files = sample(corpus, 3) + [broken, File.join(dir, 'missing.pp')]
      [[], %w[--format pn], %w[--format json], %w[--format json --pretty], %w[--format pn --pretty],
       ['-e', "class a(Integer $x = 1) {\n  if $x { notice(\"${x}\n  y\") }\n}"]].each do |options|
        args = options.include?('-e') ? options : options + files
        ref, = Open3.capture3('puppet', 'parser', 'dump', *args)
        status, out, err = run('dump', *args)
        expect(out).to eq(ref), "dump #{args.join(' ')}"
        expect(status).to eq(options.include?('-e') ? 0 : 1)
        expect(err).to eq("Error: --- #{broken}\nError: Syntax error at ',' (line: 2, column: 8)\n") unless options.include?('-e')
      end
    end
  end

  it 'validates only when asked, and reports the error as the reference does' do
    expect(run('dump', '-e', 'class a($x, $x) {}')).to eq([0, "(class a (parameters x x) ())\n", ''])
    status, out, err = run('dump', '--validate', '-e', 'class a($x, $x) {}')
    expect([status, out]).to eq([1, "\n"])
    expect(err).to eq("Error: The parameter 'x' is declared more than once in the parameter list " \
                      "(file: command-line-string, line: 1, column: 13)\n")
  end
end
