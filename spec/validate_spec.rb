# frozen_string_literal: true

require 'spec_helper'
require 'tmpdir'
require 'json'

# Parser#validate and #validate_file: every diagnostic of a file, as data.
RSpec.describe 'PuppetTypes::Parser#validate' do
  let(:parser) { PuppetTypes::Parser.new }
  corpus = '/usr/share/puppet/modules.available'

  def brief(diagnostics)
    diagnostics.map { |d| [d.severity, d.code, d.line, d.column, d.message] }
  end

  it 'gives nothing for valid code' do
    expect(parser.validate("class a($x = 1) { notice($x) }\ninclude a\n")).to eq([])
  end

  it 'gives the syntax errors (the reference first), then the validator errors, then warnings' do
    ds = parser.validate("class a {\n  $x = ,\n", path: 'a.pp')
    expect(brief(ds)).to eq([[:error, :SYNTAX_ERROR, 2, 8, "Syntax error at ','"],
                             [:error, :SYNTAX_ERROR, nil, nil, 'Syntax error at end of input']])
    expect(ds.first.to_s).to eq("Syntax error at ',' (file: a.pp, line: 2, column: 8)")
    expect(ds.first.to_h).to include(path: 'a.pp', line: 2, column: 8, end_line: 2, end_column: 9,
                                     severity: :error, code: :SYNTAX_ERROR)
    expect(ds).to be_frozen

    ds = parser.validate("$h = {a => 1, a => 2}\n$s = \"a\\qb\"\n$a::b = 1\nclass c($x, $x) {}\n")
    expect(brief(ds)).to eq(
      [[:error, :CROSS_SCOPE_ASSIGNMENT, 3, 1,
        "Illegal attempt to assign to 'a::b'. Cannot assign to variables in other namespaces"],
       [:error, :DUPLICATE_PARAMETER, 4, 13, "The parameter 'x' is declared more than once in the parameter list"],
       [:warning, :UNRECOGNIZED_ESCAPE, 2, 12, "Unrecognized escape sequence '\\q'"],
       [:warning, :DUPLICATE_KEY, 1, 17, "The key 'a' is declared more than once"]]
    )
  end

  it 'reports an error once, and no error in code the fix would make valid' do
    expect(brief(parser.validate("$x = 15update\n"))).to eq([[:error, :ILLEGAL_NUMBER, 1, 6, "Illegal number '15update'"]])
    src = "$h = {\n  a => 1\n  b => 2,\n}\nif $x {\n  notice(1)\n}\n"
    expect(brief(parser.validate(src))).to eq([[:error, :SYNTAX_ERROR, 3, 3, "Syntax error at 'b'"]])
  end

  it 'validates EPP templates (by the path, or when told)' do
    src = "<% $x = , %>text\n<%= [1 2] %>\n"
    expect(parser.validate(src, path: 't.epp').map(&:line)).to eq([1, 2])
    expect(parser.validate(src, epp: true).map(&:line)).to eq([1, 2])
    expect(parser.validate("<%= $x %>\n", path: 't.epp')).to eq([])
  end

  it 'gives ParseError its diagnostic and the reference message without the position' do
    parser.parse("class a {\n  $x = ,\n}\n", 'a.pp')
  rescue PuppetTypes::ParseError => e
    expect(e.message).to start_with("Syntax error at ','")
    expect(e.basic_message).to eq("Syntax error at ','")
    expect(e.diagnostic).to be_a(PuppetTypes::Diagnostic)
    expect([e.diagnostic.path, e.diagnostic.line, e.diagnostic.column, e.diagnostic.code]).to eq(['a.pp', 2, 8, :SYNTAX_ERROR])
  else
    raise 'expected a ParseError'
  end

  it 'gives the first validation error as the diagnostic of a ParseError for several' do
    parser.parse("class a($x, $x) {}\n$a::b = 1\n")
  rescue PuppetTypes::ParseError => e
    expect(e.message).to start_with('Language validation logged 2 errors')
    expect(e.diagnostic.code).to eq(:DUPLICATE_PARAMETER)
    expect(e.basic_message).to eq("The parameter 'x' is declared more than once in the parameter list")
  else
    raise 'expected a ParseError'
  end

  describe '#validate_file' do
    around { |ex| Dir.mktmpdir { |d| @dir = d; ex.run } }

    def write(name, bytes)
      path = File.join(@dir, name)
      File.binwrite(path, bytes)
      path
    end

    it 'validates a file by its extension' do
      expect(parser.validate_file(write('a.pp', "notice(1)\n"))).to eq([])
      ds = parser.validate_file(write('t.epp', "<%= [1 2] %>\n"))
      expect([ds.first.path, ds.first.line, ds.first.code]).to eq([File.join(@dir, 't.epp'), 1, :SYNTAX_ERROR])
    end

    it 'gives one diagnostic for a file it cannot use' do
      bad = {
        'missing.pp' => nil,
        'latin1.pp' => "notice('caf\xE9')\n".b,
        'binary.pp' => "\x7FELF\x02\x01\x01\x00\x00\x00\xFF\xFE".b,
        'bom.pp' => "\xEF\xBB\xBFnotice(1)\n".b
      }
      results = bad.map do |name, bytes|
        path = bytes ? write(name, bytes) : File.join(@dir, name)
        ds = parser.validate_file(path)
        [name, ds.size, ds.first.code]
      end
      expect(results).to eq([['missing.pp', 1, :UNREADABLE_FILE], ['latin1.pp', 1, :INVALID_ENCODING],
                             ['binary.pp', 1, :BINARY_FILE], ['bom.pp', 1, :SYNTAX_ERROR]])
      expect(parser.validate_file(@dir).map(&:code)).to eq([:UNREADABLE_FILE])
      huge = write('huge.pp', '')
      File.truncate(huge, 65 * 1024 * 1024)
      expect(parser.validate_file(huge).map(&:code)).to eq([:UNREADABLE_FILE])
    end
  end

  it 'finds no error in any manifest or template of the module corpus' do
    skip 'the Debian module corpus is not installed' unless File.directory?(corpus)
    files = Dir.glob("#{corpus}/**/*.{pp,epp}")
    errors = files.flat_map { |f| parser.validate_file(f).select(&:error?) }
    expect(files.size).to be > 1000
    expect(errors.map(&:to_s)).to eq([])
  end

  it 'agrees with the reference on the first error of broken corpus files', reference: true do
    skip 'the Debian module corpus is not installed' unless File.directory?(corpus)
    require 'puppet'
    Reference.with_loaders do
      lines = File.readlines(File.expand_path('../tests/fixtures/validate/mutants.jsonl', __dir__))
      sample = lines.each_slice([lines.size / Integer(ENV.fetch('VALIDATE_SAMPLE', 40)), 1].max).map(&:first)
      compared = sample.filter_map do |line|
        m = JSON.parse(line)
        path = File.join(corpus, m['file'])
        next unless File.file?(path) && File.size(path) == m['size']

        src = File.binread(path)
        mutant = (src[0...m['offset']] + m['insert'].b + src[(m['offset'] + m['delete'])..]).force_encoding('UTF-8')
        # (outside the module path: the reference checks names against paths there)
        path = "/held-out/#{File.basename(path)}"
        ref = begin
          ep = Puppet::Pops::Parser::EvaluatingParser.new
          d = ep.validate(ep.parser.parse_string(mutant, path).model).errors.first
          d && [d.source_pos&.line, d.source_pos&.pos, d.issue.format(d.arguments)]
        rescue Puppet::ParseErrorWithIssue => e
          [e.line, e.pos, e.basic_message]
        end
        mine = parser.validate(mutant, path: path).first
        [m['kind'], ref, mine && [mine.line, mine.column, mine.message]]
      end
      expect(compared.size).to be >= 10
      expect(compared.reject { |_, ref, mine| ref == mine }).to eq([])
    end
  end
end
