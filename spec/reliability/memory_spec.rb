# frozen_string_literal: true

require_relative '../spec_helper'
require_relative '../support/subprocess'

# Caches are bounded by the memory they hold, not by their number of
# entries; no text the gem makes shows what a Sensitive holds, or its size.
RSpec.describe 'Memory and secrets' do
  describe 'caches of parsed types' do
    # Parses `count` distinct type strings of about `size` bytes (with
    # `aliases`, through a registry) and prints how much the process grew.
    def growth(count, size, aliases: false)
      result = Subprocess.run(<<~RUBY, timeout: 120)
        def rss = File.read('/proc/self/status')[/VmRSS:\\s+(\\d+)/, 1].to_i / 1024
        registry = PuppetTypes::AliasRegistry.new if #{aliases}
        values = #{size / 12}
        PuppetTypes::TypeParser.parse("Enum[\#{(1..values).map { |i| "'a\#{i}'" }.join(', ')}]", aliases: registry)
        before = rss
        #{count}.times do |k|
          source = "Enum[\#{(1..values).map { |i| "'v\#{i}_\#{k}'" }.join(', ')}]"
          PuppetTypes::TypeParser.parse(source, aliases: registry)
        end
        GC.start
        puts rss - before
      RUBY
      expect(result.success?).to be(true), result.to_s
      result.out.to_i
    end

    it 'holds tens of megabytes at most, whatever the size and number of the strings parsed' do
      # (a cache bounded by its number of entries grows by 40 to 60 MB here)
      expect(growth(150, 100_000)).to be < 30
      expect(growth(20, 530_000)).to be < 30
      expect(growth(150, 100_000, aliases: true)).to be < 30
    end
  end

  describe 'Sensitive values' do
    secret = 'S3CRET-VALUE-xyz'
    sensitive = PuppetTypes::Sensitive.new(secret)

    # Every text a call gives: its result's text forms, or its error's message.
    def texts_of
      r = yield
      [r.to_s, r.inspect]
    rescue Exception => e # rubocop:disable Lint/RescueException
      [e.message, e.inspect]
    end

    it 'shows neither the content nor its length in any text' do
      parser = PuppetTypes::Parser.new
      f = PuppetTypes::TypeFactory
      c = PuppetTypes::TypeCalculator
      sources = %w[Integer[$s] Optional[$s] String[$s] Variant[$s] Tuple[$s] Struct[$s] Callable[$s]
                   Iterable[$s] Type[$s] Sensitive[$s] Enum[$s] Pattern[$s] Init[Integer,$s] Init[Integer,[$s]]
                   Object[{name=>$s}] TypeSet[{pcore_version=>$s}] Runtime[$s] Array[Integer,$s]
                   $s+1 $s[0] $s.length "${s}" String($s) Integer($s) $s=~/x/ assert_type(Integer,$s)
                   [$s] {a=>$s} Deferred(f,[$s])]
      texts = sources.flat_map { |src| texts_of { parser.evaluate(src, 's' => sensitive) } }
      texts += ['%s', '%p', '%d', '%#x', '%-20s', { 'format' => '%s' }].flat_map do |fmt|
        texts_of { PuppetTypes::Formatter.string(sensitive, fmt) } +
          texts_of { PuppetTypes::Formatter.string([sensitive, { 'k' => sensitive }], fmt) }
      end
      texts += [f.string, f.integer, f.sensitive(f.integer), f.sensitive(f.string(f.range(1, 3))),
                f.struct('a' => f.integer)].flat_map do |t|
        texts_of { c.describe_mismatch(t, sensitive) } + texts_of { c.describe_mismatch(t, { 'a' => sensitive }) } +
          texts_of { c.infer(sensitive) } + texts_of { c.infer_set([sensitive]) }
      end
      texts += texts_of { f.init(f.integer, sensitive) } + texts_of { f.enum(sensitive) } +
               texts_of { PuppetTypes::Deferred.new('f', [sensitive]) } + texts_of { sensitive } +
               texts_of { PuppetTypes::AliasRegistry.new.add('X', sensitive) } +
               texts_of { PuppetTypes::TypeParser.parse(sensitive) } +
               texts_of { PuppetTypes::Internal.debug(sensitive) }
      leaks = texts.select { |t| t.include?(secret) || t.include?('S3CRET') }
      expect(leaks).to eq([])
      sizes = texts.select { |t| t.match?(/\b#{secret.size}\b|String\[#{secret.size}/) }
      expect(sizes).to eq([])
    end

    it 'does not tell the size of a secret a pattern gives up on' do
      t = PuppetTypes::TypeFactory.sensitive(PuppetTypes::TypeParser.parse('Pattern[/^(a|aa)+$/]'))
      value = PuppetTypes::Sensitive.new("#{'a' * 40}b")
      expect { t.instance?(value) }.to raise_error(PuppetTypes::ArgumentError) do |e|
        expect(e.message).to include('gave up')
        expect(e.message).not_to match(/41|characters/)
      end
    end
  end
end
