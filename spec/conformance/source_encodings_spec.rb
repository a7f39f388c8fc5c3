# frozen_string_literal: true

require 'spec_helper'

# Source text that is not UTF-8 (issue 23, item 9), given to the parser, the
# lexer and the type parser, against the reference on generated programs in
# many encodings, with and without a byte order mark: what the reference
# reads (ASCII-compatible encodings), the gem reads alike; what it refuses
# (a byte order mark: its parse error; text it cannot read: an error), the
# gem refuses too, unless asked to transcode. PUPPET_TYPES_SOURCE_CASES=N
# sets how many programs (default 300).
RSpec.describe 'Source encodings against the reference', reference: true do
  SNIPPETS = ["$x = 'café'", '$y = [1, 2]', "notice('ü')", '$z = { a => 1 }', "# commentaire é\n$w = 1",
              "$s = \"a${x}b\"", 'if $x { $q = 1 }', "$t = 'ア'", '$n = 1 + 2 * 3', "$m = 'a' =~ /é/"].freeze
  ENCODINGS = %w[UTF-8 UTF-8-invalid ISO-8859-1 Windows-1252 Shift_JIS EUC-JP ASCII-8BIT US-ASCII UTF-16LE UTF-16BE UTF-32LE
                 UTF-32BE].freeze
  BOMS = { 'UTF-16LE' => "\uFEFF", 'UTF-16BE' => "\uFEFF", 'UTF-32LE' => "\uFEFF", 'UTF-32BE' => "\uFEFF" }.freeze

  def encoded(text, encoding, bom)
    case encoding
    when 'ASCII-8BIT' then text.b
    when 'UTF-8-invalid' then "#{text}\n# \xE9".dup.force_encoding('UTF-8')
    when 'UTF-8' then bom ? "\uFEFF#{text}" : text
    else
      (bom && BOMS[encoding] ? BOMS[encoding] + text : text).encode(encoding)
    end
  end

  # :ok, [:parse_error, message] or :error.
  def outcome
    yield
    :ok
  rescue Puppet::ParseError, PuppetTypes::ParseError => e
    [:parse_error, e.message.sub(/ \(.*\)\z/, '')]
  rescue StandardError
    :error
  end

  let(:count) { Integer(ENV.fetch('PUPPET_TYPES_SOURCE_CASES', '300')) }

  it 'parses and lexes generated programs in other encodings as the reference does' do
    rng = Random.new(2309)
    failures = []
    read = 0
    count.times do
      text = Array.new(1 + rng.rand(3)) { SNIPPETS.sample(random: rng) }.join("\n")
      encoding = ENCODINGS.sample(random: rng)
      bom = rng.rand(3).zero?
      source = begin
        encoded(text, encoding, bom)
      rescue EncodingError
        next # (text the encoding cannot hold)
      end
      {
        'parse' => [-> { Puppet::Pops::Parser::EvaluatingParser.new.parse_string(source.dup) },
                    -> { PuppetTypes::Parser.new.parse(source.dup) }],
        'lex' => [-> { Puppet::Pops::Parser::Lexer2.new.tap { |l| l.string = source.dup }.fullscan },
                  -> { PuppetTypes::Lexer.tokenize(source.dup) }]
      }.each do |what, (ref, gem)|
        r = outcome(&ref)
        g = outcome(&gem)
        label = "#{what} #{encoding}#{' with a byte order mark' if bom}: #{text.inspect}"
        failures << "#{label}: reference #{r.inspect}, gem #{g.inspect}" unless r == g
        next unless r == :ok && g == :ok

        read += 1
        utf8 = PuppetTypes::Parser.new.parse(text) if what == 'parse'
        if utf8 && PuppetTypes::Parser.new.parse(source.dup).to_pn != utf8.to_pn
          failures << "#{label}: read otherwise than its UTF-8 text"
        end
      end
    end
    expect(failures.first(10)).to eq([])
    expect(read).to be > count / 2
  end

  it 'reads text that is not ASCII-compatible when asked to transcode it' do
    %w[UTF-16LE UTF-16BE UTF-32LE UTF-32BE].each do |e|
      source = SNIPPETS.join("\n").encode(e)
      expect { PuppetTypes::Parser.new.parse(source) }.to raise_error(::ArgumentError, /#{e} text/)
      expect(PuppetTypes::Parser.new.parse(source, transcode: true).to_pn)
        .to eq(PuppetTypes::Parser.new.parse(SNIPPETS.join("\n")).to_pn)
      expect(PuppetTypes::Lexer.tokenize(source, transcode: true)).to eq(PuppetTypes::Lexer.tokenize(SNIPPETS.join("\n")))
    end
  end
end
