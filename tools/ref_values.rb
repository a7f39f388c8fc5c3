#!/usr/bin/env ruby
# Generates the differential fixtures for the rich values (tests/fixtures/values/*.tsv)
# by running the reference (Puppet 7.23 and its semantic_puppet library).
#
#   ruby tools/ref_values.rb            # writes tests/fixtures/values/
#   ruby tools/ref_values.rb --zones    # prints the zone table for src/values/zones.in
#
# Each fixture line is tab separated; fields are escaped (\\ \t \n \r).
# The last field is the reference's answer: "ok <text>" or "err <message>".
require 'puppet'
require 'date'

OUT = File.expand_path('../tests/fixtures/values', __dir__)

if ARGV.include?('--zones')
  cands = %w[utc ut gmt z est edt cst cdt mst mdt pst pdt akst akdt hst hast hadt ast adt nst ndt bst ist cet cest
             eet eest wet west msk msd jst kst hkt sgt aest aedt acst acdt awst nzst nzdt nzt sast wat cat eat ict wib
             pht idle idlw yst ydt ahst ahdt bt wast wadt cct fst fwt mest mesz mewt mez swt sst met brst brt art clt
             clst gst east cast wt at nt hdt awdt chst] + ('a'..'z').to_a
  cands += ['afghanistan', 'alaskan', 'arab', 'arabian', 'arabic', 'atlantic', 'aus central', 'aus eastern', 'azores',
            'canada central', 'cape verde', 'caucasus', 'cen. australia', 'central america', 'central asia',
            'central europe', 'central european', 'central pacific', 'central', 'china', 'dateline', 'e. africa',
            'e. australia', 'e. europe', 'e. south america', 'eastern', 'egypt', 'ekaterinburg', 'fiji', 'fle',
            'greenland', 'greenwich', 'gtb', 'hawaiian', 'india', 'iran', 'jerusalem', 'korea', 'mexico',
            'mid-atlantic', 'mountain', 'myanmar', 'n. central asia', 'nepal', 'new zealand', 'newfoundland',
            'north asia east', 'north asia', 'pacific sa', 'pacific', 'romance', 'russian', 'sa eastern',
            'sa pacific', 'sa western', 'samoa', 'se asia', 'malay peninsula', 'south africa', 'sri lanka', 'taipei',
            'tasmania', 'tokyo', 'tonga', 'us eastern', 'us mountain', 'vladivostok', 'w. australia',
            'w. central africa', 'w. europe', 'west asia', 'west pacific', 'yakutsk']
  puts '['
  cands.uniq.each do |c|
    h = DateTime._strptime(c, '%z')
    h = DateTime._strptime(c + ' standard time', '%z') unless h && h[:offset] && !h[:leftover]
    puts "    (\"#{c}\", #{h[:offset]})," if h && h[:offset] && !h[:leftover] && c !~ /[-+]/
  end
  puts ']'
  exit
end

Puppet.initialize_settings(['--confdir', '/tmp/ref_values/conf', '--vardir', '/tmp/ref_values/var',
                            '--codedir', '/tmp/ref_values/code'])
ENV_ = Puppet::Node::Environment.create(:ref_values, [])
LOADERS = Puppet::Pops::Loaders.new(ENV_)
SCOPE = Puppet.override(current_environment: ENV_, loaders: LOADERS) do
  Puppet::Parser::Scope.new(Puppet::Parser::Compiler.new(Puppet::Node.new('n', environment: ENV_)))
end

def esc(s)
  s.to_s.gsub('\\', '\\\\\\\\').gsub("\t", '\\t').gsub("\n", '\\n').gsub("\r", '\\r')
end

def answer
  "ok #{yield}"
rescue Exception => e # rubocop:disable Lint/RescueException
  msg = e.message
  crash = [NoMethodError, NameError, TypeError, FloatDomainError, ZeroDivisionError, RangeError].any? { |k| e.is_a?(k) }
  crash ? "crash #{e.class}" : "err #{msg}"
end

def evaluate(src)
  Puppet.override(current_environment: ENV_, loaders: LOADERS) do
    Puppet::Pops::Parser::EvaluatingParser.new.evaluate_string(SCOPE, src)
  end
rescue Puppet::PreformattedError => e
  # keep the constructor's own message, without the evaluator's wrapping and position
  m = e.message.sub(/\AEvaluation Error: Error while evaluating a (Function|Method) Call, /, '')
  m = m.sub(/ \(line: \d+, column: \d+\)\z/m, '')
  raise ArgumentError, m.sub(/\A'new_\w+' /, '')
end

def pq(s)
  "'" + s.gsub('\\', '\\\\\\\\').gsub("'", "\\\\'") + "'"
end

def write(name, rows)
  File.open(File.join(OUT, "#{name}.tsv"), 'w') do |f|
    rows.each { |r| f.puts(r.map { |x| esc(x) }.join("\t")) }
  end
  puts "#{name}: #{rows.size}"
end

RNG = Random.new(20_240_601)
def pick(a)
  a[RNG.rand(a.size)]
end

require 'fileutils'
FileUtils.mkdir_p(OUT)
V = SemanticPuppet::Version
R = SemanticPuppet::VersionRange

# ---- SemVer --------------------------------------------------------------------------
semvers = %w[1.2.3 0.0.0 1.0.0-rc.1 1.0.0-rc.10 1.0.0-rc.2 1.0.0-alpha 1.0.0-alpha.1 1.0.0-alpha.beta 1.0.0-beta
             1.0.0-beta.2 1.0.0-beta.11 1.0.0 2.0.0 1.2.3+build.5 1.2.3-x.7.z.92 10.20.30 1.0.0-0A 1.0.0-1 1.0.0-a-b
             01.2.3 1.02.3 1.2.03 1.2 1.2.3.4 1.2.3- 1.2.3+ 1.2.3-01 1.2.3-a..b a.b.c 1.2.3-αβ v1.2.3 1.2.3-0
             1.2.3-00a 1.2.3+01 18446744073709551615.0.0 1.2.3-rc.1+b.2 0.0.1-- 1.1.1-a+b+c] + ["1.2.3\n", " 1.2.3", '']
rows = semvers.map { |s| [s, answer { evaluate("SemVer(#{pq(s)})").to_s }] }
write('semver_parse', rows)

valid = semvers.select { |s| (V.parse(s) rescue nil) }
rows = []
valid.each { |a| valid.each { |b| va = V.parse(a); vb = V.parse(b); rows << [a, b, "ok #{va <=> vb} #{va == vb}"] } }
write('semver_compare', rows)

# positional constructor (through the Puppet function, which keeps the prerelease opaque)
args = [[1, 2, 3], [1, 2, 3, 'rc.1'], [1, 2, 3, 'rc.1', 'b.2'], [0, 0, 0, '01'], [1, 2, 3, 'a..b'], [-1, 2, 3],
        [1, 2, 3, nil, 'x'], [1, 2, 3, ''], [1, 2], [1, 2, 3, 'a', 'b', 'c'], [1.0, 2, 3]]
rows = args.map do |a|
  src = 'SemVer(' + a.map { |x| x.is_a?(String) ? pq(x) : (x.nil? ? 'undef' : x.to_s) }.join(', ') + ')'
  [a.map { |x| x.nil? ? 'undef' : x.inspect }.join(','), answer { evaluate(src).to_s }]
end
write('semver_new', rows)
opaque_pairs = [[[1, 2, 3, 'rc.1'], '1.2.3-rc.1'], [[1, 2, 3, 'rc.2'], '1.2.3-rc.10'], [[1, 2, 3, '1'], '1.2.3-a'],
                [[1, 2, 3, '2'], '1.2.3-10']]
rows = opaque_pairs.map do |a, s|
  va = V.new(a[0], a[1], a[2], [a[3]])
  vb = V.parse(s)
  [a.join(','), s, "ok #{va <=> vb} #{va == vb}"]
end
write('semver_opaque_compare', rows)

# ---- SemVerRange ---------------------------------------------------------------------
ranges = ['>=1.0.0 <2.0.0', '~1.2', '~1', '~1.2.3', '~1.2.3-rc', '^1.2.3', '^0.1.2', '^0.0.3', '^1', '^0', '^1.2',
          '^0.1', '1.x', '1.2.x', '1.*', '*', 'x', '1.2.3 - 2.3.4', '1.2 - 2', '1.2.3', '=1.2.3', '>1.2.3', '>1.2',
          '>1', '>*', '<1.2.3', '<1.2', '<=1.2.3', '<=1.2', '<=1', '>=1.2', '>= 1.2.3', '> 1.2.3 < 2.0.0',
          '1.x || 2.x', '1.x || >=3.0.0', '>=1.0.0 <2.0.0 || >=2.0.0 <3.0.0', '>=1.0.0 <2.0.0 || >=3.0.0 <4.0.0',
          '1.x || 1.2.x', '1.0.0 ||', '|| 1.0.0', ' ', '1.0.0 1.0.0', '>=1.0.0 <=1.0.0', '>2.0.0 <1.0.0',
          '>=2.0.0 <1.0.0', '<=*', '^*', 'foo', '1.2.3.4', '>=v1.2.3', '~>1.2.3', '~> 1.2', '~=1.2', '==1.2.3',
          '> = 1.0', ' >=1.0.0', '1.2.3-rc.1', '>=1.2.3-rc.1', '^1.2.3-rc+b', '<2.0.0-rc', '1.2.3+build',
          '>1.2.3-rc <1.2.4', '1.0.0 - 1.0.0', '~0', '~0.0', '0.x', '>=1.0.0 >=1.5.0 <3.0.0 <2.0.0',
          '>1.0.0 <2.0.0 || 1.5.x', '1.2.3-rc.1 - 2.0.0', '>=01.2.3', '1.2.3 -2.0.0', '1.2.3- 2.0.0',
          '>=1.0.0 <1.0.1 || 1.0.1', '<=1.0.0 || >1.0.0', '2.x || 1.x', '>=1.2.7 <1.3.0 || >=1.2.9 <2.0.0']
rows = ranges.map do |s|
  [s, answer do
    r = R.parse(s)
    [r.to_s, r.inspect, r.begin.to_s, r.end.to_s, r.exclude_begin?.inspect, r.exclude_end?.inspect].join(' | ')
  end]
end
write('range_parse', rows)

probe = %w[0.0.0 0.0.3 0.1.2 0.1.5 0.2.0 1.0.0 1.0.0-rc.1 1.0.1 1.2.0 1.2.2 1.2.3 1.2.3-rc 1.2.3-rc.1 1.2.3-rc.2
           1.2.3+build 1.2.4 1.2.9 1.3.0 1.5.0 1.5.0-rc 1.9.9 2.0.0 2.0.0-rc 2.3.4 2.3.5 3.0.0 3.5.0 4.0.0]
rows = []
ranges.each do |s|
  r = (R.parse(s) rescue nil)
  next unless r
  probe.each { |v| rows << [s, v, "ok #{r.include?(V.parse(v))}"] }
end
write('range_include', rows)

parsed = ranges.select { |s| (R.parse(s) rescue nil) }
rows = []
parsed.each_slice(7) { |sl| sl.each { |a| parsed.sample(6, random: RNG).each { |b| rows << [a, b, "ok #{R.parse(a) == R.parse(b)}"] } } }
write('range_equal', rows)

from_versions = [['1.0.0', '2.0.0', false], ['1.0.0', '2.0.0', true], ['1.0.0', 'default', false],
                 ['default', '1.0.0', false], ['default', 'default', false], ['2.0.0', '1.0.0', false],
                 ['1.0.0', '1.0.0', false], ['1.0.0', '1.0.0', true], ['1.0.0-rc', '1.0.0', true]]
rows = from_versions.map do |a, b, x|
  va = a == 'default' ? V::MIN : V.parse(a)
  vb = b == 'default' ? V::MAX : V.parse(b)
  r = R.new(va, vb, x)
  [a, b, x.to_s, answer { [r.to_s, r.inspect].join(' | ') }]
end
write('range_from_versions', rows)

# SemVer[...] type merging
merge_sets = [['>=1.0.0 <3.0.0', '>=2.0.0 <4.0.0'], ['>=1.0.0 <2.0.0', '>=2.0.0 <4.0.0'], ['1.x', '2.x'],
              ['1.x', '3.x'], ['1.x', '3.x', '2.x'], ['>=1.0.0 <=2.0.0', '>2.0.0 <3.0.0'], ['~1.2', '~1.3', '~1.5'],
              ['1.2.3', '1.2.4'], ['1.2.3', '>1.2.3 <1.3.0'], ['*', '1.x'], ['>=2.0.0', '<1.0.0'],
              ['>=1.0.0 <2.0.0', '>=1.5.0 <=2.0.0'], ['>=1.0.0 <2.0.0', '>=1.5.0 <2.0.0']]
rows = merge_sets.map do |set|
  [set.join(' ; '), answer do
    t = Puppet::Pops::Types::PSemVerType.new(set.map { |s| R.parse(s) })
    t.ranges.map { |r| "#{r} = #{r.inspect}" }.join(' ; ')
  end]
end
write('semver_type_merge', rows)

# ---- Timespan ------------------------------------------------------------------------
TS = Puppet::Pops::Time::Timespan
spans = [0, 1, 999, 1_000_000, 5_000_000, 500_000_000, 13_500_000_000, 59_999_999_999, 3_725_500_000_000,
         86_400_000_000_000, 93_784_005_006_007, -500_000_000, -93_784_005_006_007, 1_000_000_000_000_000_000]
20.times { spans << RNG.rand(-10**15..10**15) }
tfmts = ['%D-%H:%M:%S.%-N', '%D-%H:%M:%S', '%H:%M:%S', '%H:%M', '%M:%S', '%S', '%S.%L', '%S.%N', '%L', '%N', '%3N',
         '%-N', '%_N', '%0N', '%6N', '%12N', '%-L', '%_L', '%0L', '%5L', '%_H', '%-H', '%5H', '%_5H', '%05H', '%D',
         '%5D', '%_3D', '%H:%M:%S.%L', '%M:%S.%3N', '%%', '100%%', '%Q', '%-', '%', '%-_H', '%_-H', '%1', 'abc',
         '%H%M%S', '%D days %H hours', '%-0H', '%0_H', '%10S', '%_S']
rows = []
spans.each { |n| tfmts.each { |f| rows << [n.to_s, f, answer { TS.new(n).format(f) }] } }
write('timespan_format', rows)

tparse = [['13:20', nil], ['10:03.5', '%M:%S.%L'], ['10:03.5', '%M:%S.%N'], ['1-02:03:04.5', nil], ['02:03:04.5', nil],
          ['03:04.5', nil], ['4.5', nil], ['1-02:03:04', nil], ['02:03:04', nil], ['1-02:03', nil], ['4', nil],
          ['-4', nil], ['-1-02:03:04.123456789', nil], ['abc', nil], ['', nil], ['1', '%L'], ['1', '%N'],
          ['1', '%%'], ['%', '%%'], ['1', '%Q'], ['1:2', ['%H', '%H:%M']], ['1:2', ['%H', '%S']], [' 5', '%_S'],
          ['5', '%_S'], ['05', '%2S'], ['5', '%2S'], ['123', '%2S'], ['100:00', '%H:%M'], ['1:60', '%H:%M'],
          ['1:99', '%H:%M'], ['25', '%H'], ['3 days', '%D days'], ['7.1234567891', '%S.%N'], ['7.12', '%S.%3N'],
          ['7.123', '%S.%3N'], ['7.1', '%S.%L'], ['7.1234', '%S.%L'], ['12:34:56', '%H:%M:%S'], ['1 2', '%H %M'],
          ['1.5', '%S.%-N'], ['1a', '%S'], ['--1', '%S'], ['+1', '%S'], [' 1', '%S'], ['1 ', '%S'], ['1\\d', '%S\\d'],
          ['(1)', '(%S)'], ['1.2', '%S.%S'], ['99999999999999999999', '%S']]
rows = tparse.map do |s, f|
  fs = f.nil? ? '' : (f.is_a?(Array) ? f.join("\u0001") : f)
  [s, fs, answer { (f.nil? ? TS.parse(s) : TS.parse(s, f)).nsecs.to_s }]
end
write('timespan_parse', rows)

# ---- Timestamp -----------------------------------------------------------------------
TM = Puppet::Pops::Time::Timestamp
stamps = [0, 1_473_150_899_000_000_000, 1_473_150_899_123_456_789, -1_000_000_000, 946_684_800_000_000_000,
          951_782_400_000_000_000, 1_230_681_600_000_000_000, -2_208_988_800_000_000_000, 4_102_444_800_999_999_999,
          1_104_537_600_000_000_000, 1_136_073_600_000_000_000, 1_293_753_600_000_000_000, -62_135_596_800_000_000_000,
          -62_198_755_200_000_000_000, 253_402_300_799_000_000_000]
25.times { stamps << RNG.rand(-4_000_000_000_000_000_000..4_000_000_000_000_000_000) }
directives = %w[Y C y m B b h d e j H k I l P p M S L N z Z A a u w G g V U W s n t % c D F v x X r R T]
sfmts = directives.map { |d| "%#{d}" }
%w[- _ 0 ^ #].each { |fl| directives.each { |d| sfmts << "%#{fl}#{d}" } }
directives.each { |d| sfmts << "%10#{d}" << "%-10#{d}" << "%_3#{d}" << "%03#{d}" << "%1#{d}" }
sfmts += ['%:z', '%::z', '%:::z', '%-z', '%_z', '%10z', '%_10z', '%-:z', '%10:z', '%_10::z', '%::::z', '%:y', '%E',
          '%Ey', '%EY', '%Ed', '%Od', '%Oy', '%OY', '%i', '%Q', '%+', '%', 'abc%', '%%%', '%3L', '%6N', '%12N',
          '%1N', '%0N', '%-N', '%#Z', '%^Z', '%#c', '%^c', '%^#a', '%#^p', '%^P', '%#P', '%FT%T.%N %Z', '%s %Q',
          '%^B %^b', '%20c', '%-20c', '%020F', '%_20F', '%^20v', '%5%', '%5n', '%-5t', '%^5Z', '%-5Z']
zones = [nil, '+09:00', '-05:30', 'EST', 'PDT', 'UTC', '+0100', 'GMT+9', '+00:00', 'Z', 'foo', '+25:00', 'jst']
rows = []
stamps.each_with_index do |n, i|
  sfmts.each { |f| rows << [n.to_s, f, '', answer { TM.new(n).format(f) }] }
  zones.each { |z| rows << [n.to_s, '%F %T %z %:z %::z %Z', z.to_s, answer { TM.new(n).format('%F %T %z %:z %::z %Z', z) }] }
  next unless i < 6
  zones.each { |z| sfmts.sample(15, random: RNG).each { |f| rows << [n.to_s, f, z.to_s, answer { TM.new(n).format(f, z) }] } }
end
write('timestamp_format', rows)

sparse = [['2016-08-24T12:13:14.123 UTC', nil, nil], ['2016-08-24', nil, nil], ['2016-08-24', '%F', '+09:00'],
          ['2016-08-24', nil, '+09:00'], ['12:13', '%H:%M', nil], ['1473150899', '%s', nil], ['2016-02-30', '%F', nil],
          ['2016-04-31', '%F', nil], ['2016-13-01', '%F', nil], ['2016-08-24 EST', '%F %Z', nil],
          ['2016-08-24 Europe/Stockholm', '%F %Z', nil], ['2016-08-24 foo', '%F %Z', nil], ['2015', '%Y', nil],
          ['Wed Aug 24 12:13:14 2016', '%c', nil], ['Wed Aug 24 12:13:14 2016 PDT', '%c %Z', nil],
          ['2016-08-24 12:13:14 PDT', '%F %T %Z', 'UTC'], ['2016-08-24 12:13:14 PDT', nil, 'UTC'],
          ['2016-08-24T12:13:14.5', nil, nil], ['2016-08-24T12:13:14.5', '%FT%T.%L', nil], ['x2016', ['%Y', '%F'], nil],
          ['2016-08-24 12:13:14', ['%Y', '%F %T'], nil], ['2016-08-24 24:00:00', '%F %T', nil],
          ['2016-08-24 24:30:00', '%F %T', nil], ['2016-08-24 23:59:60', '%F %T', nil], ['20160824', '%Y%m%d', nil],
          ['2016824', '%Y%m%d', nil], ['16-8-4', '%y-%m-%d', nil], ['69-8-4', '%y-%m-%d', nil],
          ['20 16-8-4', '%C %y-%m-%d', nil], ['2016-08-24 1:02:03 PM', '%F %l:%M:%S %p', nil],
          ['2016-08-24 12:02:03 am', '%F %I:%M:%S %P', nil], ['2016-08-24 12:02:03 a.m.', '%F %I:%M:%S %p', nil],
          ['August 4 2016', '%B %d %Y', nil], ['aug  4 2016', '%b %e %Y', nil], ['Thursday 2016-08-04', '%A %F', nil],
          ['2016-08-24 +09:00', '%F %z', nil], ['2016-08-24 +0930', '%F %z', nil], ['2016-08-24 -9.5', '%F %z', nil],
          ['2016-08-24 GMT+9', '%F %z', nil], ['2016-08-24 eastern standard time', '%F %Z', nil],
          ['2016-08-24 CEST', '%F %Z', nil], ['2016-08-24 est dst', '%F %Z', nil], ['2016-08-24 Z', '%F %Z', nil],
          ['2016-08-24 12:13:14.123456789', '%F %T.%N', nil], ['2016-08-24 12:13:14.1234567891', '%F %T.%N', nil],
          ['2016-08-24 12:13:14.12', '%F %T.%L', nil], ['2016-08-24T12:13', '%FT%R', nil], ['12/24/16', '%D', nil],
          ['12/24/16', '%x', nil], ['24-AUG-2016', '%v', nil], ['2016-08-24 %', '%F %%', nil],
          ['2016-08-24 x', '%F %i', nil], ['2016-08-24 %i', '%F %i', nil], ['2016-08-24   12', '%F %H', nil],
          ['2016-08-2412', '%F %H', nil], ['2016-08-24', '%F', 'EST'], ['2016-08-24', '%F', 'current'],
          ['2016-08-24', '%F', 'foo'], ['2016-08-24', '%F', '+09:30:15'], ['-2016-08-24', '%F', nil],
          ['+2016-08-24', '%F', nil], ['12016-08-24', '%F', nil], ['2016-366', '%Y-%j', nil], ['2016 33', '%Y %U', nil],
          ['2016-08-24 3', '%F %u', nil], ['2016-08-24 8', '%F %u', nil], ['2016-08-24 1473150899', '%F %s', nil],
          ['2016-08-24T12:13:14 UTC', nil, nil], ['2016-08-24 12:13:14.5 +01:00', nil, nil],
          ['2016-08-24 12:13 UTC', nil, nil], ['2016-08-24T12:13:14.123 JST', nil, 'UTC'], ['', nil, nil],
          ['2016-08-24 12:13:14', nil, '-03:00'], ['Wed, 24 Aug 2016', '%a, %d %b %Y', nil], ['2016-W34', '%G-W%V', nil]]
rows = sparse.map do |s, f, z|
  fs = f.nil? ? '' : (f.is_a?(Array) ? f.join("\u0001") : f)
  [s, fs, z.to_s, answer { TM.parse(s, f.nil? ? :default : f, z).nsecs.to_s }]
end
write('timestamp_parse', rows)

# ---- Binary --------------------------------------------------------------------------
bins = [['YWJj', nil], ['YW Jj', nil], ['YWJ', nil], ['YWJj', '%b'], ['YW=Jj', '%b'], ['YWI', '%u'], ['-_-_', '%u'],
        ['abc', '%s'], ['abc', '%r'], ['abc', '%x'], ['YQ==', nil], ['YR==', nil], ['YQ', '%b'], ['Y', '%b'],
        ['YWJjZA', '%b'], ['YW\nJj', '%b'], ['!!YWJj!!', '%b'], ['YWJj====', '%b'], ['', nil], ['', '%b'],
        ['YWJj', '%u'], ['YWJjZA==', '%u'], ['YWJjZA=', '%u'], ['+/+/', '%u'], ['+/+/', nil], ['-_-_', nil],
        ['YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXpBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWjAxMjM0NTY3ODk=', nil],
        ['åäö', '%s'], ['YWJj\n', nil], ['YWJj\n', '%b']]
rows = bins.map do |s, f|
  s2 = s.gsub('\\n', "\n")
  src = f.nil? ? "Binary(#{pq(s2)})" : "Binary(#{pq(s2)}, #{pq(f)})"
  [s2, f.to_s, answer do
    b = evaluate(src)
    [b.to_s, b.length, Base64.encode64(b.binary_buffer), Base64.urlsafe_encode64(b.binary_buffer)].join(' | ')
  end]
end
write('binary', rows)

# ---- URI -----------------------------------------------------------------------------
uris = ['http://bob:pwd@www.example.com:23/a/b?x=2#frag', 'HTTP://EXAMPLE.com:80/', 'https://x:443', 'https://x:444',
        'file:///etc/passwd', 'urn:a:b:c', 'mailto:x@y?subject=z#f', 'a/b', '/a/b', '//host', 'http://[::1]:8080/x',
        'http://x:/p', 'http://x y', 'http://x/%zz', 'http://x/a b', 'ftp://u@h', 'ftp://h/a/b', 'ldap://h/dc=x?y',
        'x:', '?q', '#f', 'http://x?', 'http://x#', 'ws://h', 'wss://h:443/', 'http://x:99999', 'http:x',
        'c:/windows', 'http://é.com', 'h%41ttp://x', '1http://x', 'http://u@', 'http://a@b@c', 'http://[v1.x]/',
        'http://x/{}', 'http://x/?a b', 'http://x/?a#b#c', 'a:b/c', './a:b', 'a:b:c', '//u@h:1/p?q#f',
        'http://h/%41%2f', 'HtTp://h', 'http://1.2.3.4:5/', 'ldaps://h', 'svn+ssh://h/p', 'foo://h/p:q',
        'http://h:8x/', 'http://h/p#f?g/', 'http://h/p#f#g', "http://x/?a b%41?<>\"{}|\\^`'", 'http://x/?%zz', '%', 'a%20b', 'http://[::1', "http://h/\u00e9"]
rows = uris.map do |s|
  [s, answer do
    u = URI.parse(s)
    ([u.to_s] + %i[scheme userinfo host port path query fragment opaque].map { |m| u.send(m).inspect }).join(' | ')
  end]
end
write('uri_parse', rows)

bases = ['http://example.com/a/b/', 'http://example.com/a/b', 'http://example.com', 'http://u@h:8080/a/b?q#f',
         'urn:a:b', 'a/b', 'file:///etc/x']
refs = ['/c/d', 'c/d', '../x', '../../../../x', './', '?y', '#z', 'http://other/q', '//h2/p', '', '.', 'g;x',
        '../g?q#f', '..', 'g/', '/./g', '/../g', 'g/../h', './g/.', 'g?y/./x', 'g#s/../x', 'urn:x']
rows = []
bases.each { |b| refs.each { |r| rows << [b, r, answer { (URI.parse(b) + r).to_s }] } }
write('uri_merge', rows)

builds = [{ 'scheme' => 'http', 'host' => 'www.example.com', 'path' => '/a/b' },
          { 'scheme' => 'http', 'host' => 'www.example.com', 'port' => 80 },
          { 'scheme' => 'HTTP', 'host' => 'x', 'port' => 8080 }, { 'host' => 'h', 'opaque' => 'a:b' },
          { 'path' => 'a b' }, { 'path' => 'a/b' }, { 'scheme' => 'urn', 'opaque' => 'a:b' },
          { 'scheme' => 'http', 'host' => 'h', 'path' => 'a/b' }, { 'scheme' => 'https', 'host' => 'h', 'query' => 'x=1',
                                                                     'fragment' => 'f' },
          { 'userinfo' => 'u', 'host' => 'h' },
          { 'userinfo' => 'u' }, { 'host' => 'a b' }, { 'scheme' => '1x', 'host' => 'h' }, { 'query' => 'a b' },
          { 'scheme' => 'file', 'path' => '/etc' }, { 'fragment' => 'a b%41?#' }, { 'query' => "a'b%zz" },
          { 'host' => 'h', 'port' => 0 }, { 'path' => '/a%41' }]
rows = builds.map do |h|
  src = 'URI({' + h.map { |k, v| "#{k} => #{v.is_a?(String) ? pq(v) : v}" }.join(', ') + '})'
  [h.map { |k, v| "#{k}=#{v}" }.join(';'), answer { u = evaluate(src); ([u.to_s] + %i[scheme userinfo host port path query fragment opaque].map { |m| u.send(m).inspect }).join(' | ') }]
end
write('uri_build', rows)

# ---- strptime round trips and random formats ------------------------------------------
pfmts = ['%Y-%m-%d %H:%M:%S', '%F %T.%N', '%F %T.%L', '%Y%m%d%H%M%S', '%d/%m/%Y %I:%M %p', '%b %e %Y %k:%M', '%B %d, %Y',
         '%a %b %e %T %Y', '%c', '%x %X', '%D %R', '%F %T %z', '%F %T %:z', '%F %T %Z', '%y-%m-%d', '%C%y-%j', '%Y-%j %T',
         '%A %d %B %Y', '%s', '%G-%V-%u', '%Y %U %w', '%v', '%r', '%e-%b-%Y %l:%M:%S %P', '%Y-%m-%dT%H:%M:%S%z',
         '%H%M%S %Y%m%d', '%m/%d/%y %H:%M', '%d.%m.%Y', '%Y %m %d', '%F %n %T', '%F%t%T']
rows = []
stamps.first(20).each do |n|
  pfmts.each do |f|
    s = TM.new(n).format(f)
    rows << [s, f, '', answer { TM.parse(s, f, nil).nsecs.to_s }]
    s2 = TM.new(n).format(f, '+05:30')
    rows << [s2, f, '', answer { TM.parse(s2, f, nil).nsecs.to_s }]
    rows << [s2, f, 'EST', answer { TM.parse(s2, f, 'EST').nsecs.to_s }]
  end
end
write('timestamp_roundtrip', rows)

# ---- arithmetic and comparison ------------------------------------------------------
nums = [0, 1, -1, 3, 7, 2.5, -0.75, 1e-9, 1.5e9, 86_400, 13]
rows = []
spans.first(12).each do |n|
  t = TS.new(n)
  nums.each do |x|
    rows << ['span+', n.to_s, x.inspect, answer { (t + x).nsecs.to_s }]
    rows << ['span-', n.to_s, x.inspect, answer { (t - x).nsecs.to_s }]
    rows << ['span*', n.to_s, x.inspect, answer { (t * x).nsecs.to_s }]
    rows << ['span/', n.to_s, x.inspect, answer { (t / x).nsecs.to_s }]
    rows << ['span<=>', n.to_s, x.inspect, answer { (t <=> x).to_s }]
  end
  spans.first(5).each do |m|
    rows << ['span/span', n.to_s, m.to_s, answer { [t / TS.new(m)].pack('G').unpack1('H*') }]
  end
end
stamps.first(8).each do |n|
  t = TM.new(n)
  nums.each do |x|
    rows << ['stamp+', n.to_s, x.inspect, answer { (t + x).nsecs.to_s }]
    rows << ['stamp-', n.to_s, x.inspect, answer { (t - x).nsecs.to_s }]
    rows << ['stamp<=>', n.to_s, x.inspect, answer { (t <=> x).to_s }]
  end
end
write('time_arithmetic', rows)

# ---- constructors through Puppet's .new functions -----------------------------------
news = ["Timespan(13.5)", "Timespan({days=>4})", "Timespan(4, 0, 0, 2)", "Timespan('13:20')",
        "Timespan('10:03.5', '%M:%S.%L')", "Timespan(1,2,3,4,5,6,7)", "Timespan({days=>1, negative=>true})",
        "Timespan({string=>'1:2', format=>['%H', '%H:%M']})", "Timespan({string=>'1:2'})", "Timespan({foo=>1})",
        "Timespan({days=>1.5})", "Timespan('')", "Timespan('1', 'x')", "Timespan('1', [])", "Timespan(1,2,3)",
        "Timespan(1,2,3,4,5,6,7,8)", "Timespan(-13)", "Timespan(1e-10)", "Timespan(-2.5)", "Timespan({})",
        "Timespan({string=>'01:02:03', format=>'%H:%M:%S'})", "Timespan(true)", "Timespan('5', ['%S'])",
        "Timestamp(1473150899)", "Timestamp(1473150899.5)", "Timestamp({string=>'2015', format=>'%Y'})",
        "Timestamp('Wed Aug 24 12:13:14 2016', '%c')", "Timestamp('2016-08-24', '%F', '+09:00')",
        "Timestamp({string=>'2016-08-24', timezone=>'EST'})", "Timestamp({string=>'2016-08-24', format=>['%Y', '%F']})",
        "Timestamp('2016-08-24', ['%F'], 'EST')", "Timestamp('')", "Timestamp({foo=>1})", "Timestamp('x', 'y', 'z', 'w')",
        "Timestamp(-1.25)", "Timestamp('2016-08-24', '%F', '')", "Timestamp({string=>''})",
        "SemVer('1.2.3')", "SemVer(1, 2, 3, 'rc4', '5')", "SemVer({major=>1, minor=>2, patch=>3, prerelease=>'rc4', build=>'5'})",
        "SemVer({major=>1, minor=>2})", "SemVer({major=>1, minor=>2, patch=>3, foo=>1})", "SemVer(1, 2)", "SemVer([1])",
        "SemVerRange('>=1.0.0 <2.0.0')", "SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'), true)",
        "SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'))", "SemVerRange({min=>SemVer('1.0.0'), max=>SemVer('2.0.0'), exclude_max=>true})",
        "SemVerRange({min=>default})", "SemVerRange(default, default)", "SemVerRange('')", "SemVerRange('1.0.0', '2.0.0')",
        "SemVerRange({max=>SemVer('1.0.0')})", "SemVerRange(SemVer('1.0.0'), default, undef)",
        "Binary('YWJj')", "Binary([97, 98, 99])", "Binary({value=>[97]})", "Binary({value=>'YWJj', format=>'%b'})",
        "Binary({value=>[97], format=>'%b'})", "Binary([256])", "Binary('abc', '%s')", "Binary({value=>'abc', foo=>1})",
        "URI('http://www.example.com')", "URI({scheme=>'http', host=>'www.example.com', path=>'/a/b'})", "URI('')",
        "URI({port=>-1})", "URI({scheme=>''})", "URI(1)",
        "Deferred('some_function', ['argument1', 42])", "Deferred('f')", "Deferred({name=>'f', arguments=>[1]})",
        "Deferred('F')", "Deferred('a::b')", "Deferred('$x')", "Deferred('f', 1)", "Deferred({name=>'f', foo=>1})"]
rows = news.map { |src| [src, answer { v = evaluate("String(#{src})") }] }
write('constructors', rows)

# ---- random range strings ----------------------------------------------------------
def rand_partial
  parts = Array.new(1 + RNG.rand(3)) { pick(%w[0 1 2 3 10 x X * 1 2]) }
  s = parts.join('.')
  s += pick(['', '', '', '-rc', '-rc.1', '-0', '-alpha.beta']) if parts.size == 3
  s += pick(['', '', '', '', '+b1']) if parts.size == 3
  s
end

def rand_simple
  pick(['', '', '=', '>', '>=', '<', '<=', '~', '^', '~>', '> ', '>= ', 'v']) + rand_partial
end

def rand_range
  case RNG.rand(6)
  when 0 then "#{rand_partial} - #{rand_partial}"
  when 1 then Array.new(1 + RNG.rand(3)) { rand_simple }.join(' ')
  when 2 then Array.new(2 + RNG.rand(2)) { Array.new(1 + RNG.rand(2)) { rand_simple }.join(' ') }.join(pick([' || ', '||', ' ||  ']))
  else rand_simple
  end
end

rand_ranges = Array.new(400) { rand_range }.uniq
rows = rand_ranges.map do |s|
  [s, answer do
    r = R.parse(s)
    [r.to_s, r.inspect, r.begin.to_s, r.end.to_s, r.exclude_begin?.inspect, r.exclude_end?.inspect].join(' | ')
  end]
end
write('range_parse_random', rows)
rows = []
rand_ranges.each do |s|
  r = (R.parse(s) rescue nil)
  next unless r
  probe.sample(8, random: RNG).each { |v| rows << [s, v, "ok #{r.include?(V.parse(v))}"] }
end
write('range_include_random', rows)

# ---- random Timespan formats and their round trips ----------------------------------
rows = []
rt_rows = []
spans_r = Array.new(40) { RNG.rand(-10**14..10**14) } + [0, 1, 10**9, -10**9]
120.times do
  f = Array.new(1 + RNG.rand(4)) do
    d = pick(%w[D H M S L N])
    '%' + pick(['', '', '-', '_', '0']) + pick(['', '', '', '1', '2', '3', '5', '9', '12']) + d + pick([':', '-', '.', ' ', '', 'x'])
  end.join
  n = pick(spans_r)
  out = (TS.new(n).format(f) rescue nil)
  rows << [n.to_s, f, answer { TS.new(n).format(f) }]
  rt_rows << [out, f, answer { TS.parse(out, f).nsecs.to_s }] if out
end
write('timespan_format_random', rows)
write('timespan_parse_random', rt_rows)

# ---- strptime with flags, widths and odd spacing -------------------------------------
odd = [['8/4/2016', '%-m/%-d/%Y'], ['%-m/%-d/%Y', '%-m/%-d/%Y'], ['2016-08-04', '%_Y-%m-%d'], ['2016-8-4', '%Y-%m-%d'],
       ['2016 - 08 - 04', '%Y - %m - %d'], ['2016-08-04', '%Y - %m - %d'], ['2016  -08-04', '%Y -%m-%d'],
       ['  2016-08-04', '%F'], ['2016-08-04  ', '%F'], ['2016-08-04  ', '%F '], ['2016-08-04T1:2:3', '%FT%T'],
       ['2016-08-04T01:02:03', '%FT%k:%M:%S'], ['2016-08-04T 1:02:03', '%FT%k:%M:%S'], ['2016-08-04 12 PM', '%F %I %p'],
       ['2016-08-04 12 AM', '%F %I %p'], ['2016-08-04 13 PM', '%F %H %p'], ['2016-08-04 PM 1', '%F %p %I'],
       ['2016-08-04 0 AM', '%F %I %p'], ['2016-08-04 1 pM', '%F %l %P'], ['2016-08-04 1 p.m', '%F %l %P'],
       ['16', '%y'], ['68', '%y'], ['69', '%y'], ['2016 Thu', '%Y %a'], ['2016 Thurs', '%Y %a'], ['2016 Thursday', '%Y %a'],
       ['2016 Sept', '%Y %b'], ['2016 September 4', '%Y %B %d'], ['2016 Sep4', '%Y %b%d'], ['20160804T010203Z', '%Y%m%dT%H%M%S%z'],
       ['2016-08-04 +09', '%F %z'], ['2016-08-04 +9', '%F %z'], ['2016-08-04 -0330', '%F %z'], ['2016-08-04 UTC+3', '%F %z'],
       ['2016-08-04 utc', '%F %Z'], ['2016-08-04 Utc', '%F %z'], ['2016-08-04 GMT', '%F %Z'], ['2016-08-04 gmt-1:30', '%F %z'],
       ['2016-08-04 +09:00:30', '%F %::z'], ['2016-08-04 +09:00', '%F %:z'], ['2016-08-04 +0900', '%F %:z'],
       ['2016-08-04 A', '%F %Z'], ['2016-08-04 J', '%F %Z'], ['2016-08-04 EST5EDT', '%F %Z'], ['2016-08-04 ESTx', '%F %Z'],
       ['2016-08-04 MEZ', '%F %Z'], ['2016-08-04 central europe standard time', '%F %Z'], ['2016-08-04 W. Europe Standard Time', '%F %Z'],
       ['1:02:03 PM 2016-08-04', '%r %F'], ['2016-08-04 100', '%F %j'], ['2016-08-04 5', '%F %L'], ['2016-08-04 123456', '%F %L'],
       ['2016-08-04 12:00:00.5 +01:00', '%F %T.%N %z'], ['2016-08-04%', '%F%%'], ['2016-08-04 %Q', '%F %%Q'], ['Aug 2016', '%h %Y'],
       ['2016-08-04', '%EY-%Om-%Od'], ['2016-08-04', '%Ey-%m-%d'], ['16-08-04', '%Ey-%m-%d'], ['2016:08:04', '%Y%:m%:d'],
       ['x', '%F'], ['2016-08-04 1', '%F %u'], ['2016-08-04 7', '%F %w'], ['2016-08-04 53', '%F %W'], ['2016-08-04 54', '%F %U'],
       ['2016-08-04 0', '%F %V'], ['2016-08-04 12', '%F %C'], ['2016 08 04 12 13 14', '%Y %m %d %H %M %S'],
       ['2016-08-04 24', '%F %H'], ['2016-08-04 60', '%F %S'], ['2016-08-04 61', '%F %S'], ['2016-08-32', '%F'], ['2016-00-04', '%F']]
rows = odd.map { |s, f| [s, f, '', answer { TM.parse(s, f, nil).nsecs.to_s }] }
write('timestamp_parse_odd', rows)

# ---- random URIs, base64 strings, versions, far timestamps ---------------------------
uri_chars = ('a'..'z').to_a + %w[A Z 0 9 - . _ ~ ! $ & ' ( ) * + , ; = : @ / ? # % [ ] { } | \\ ^ ` " < > space %41 %zz]
rows = []
300.times do
  s = Array.new(RNG.rand(1..14)) { c = pick(uri_chars); c == 'space' ? ' ' : c }.join
  s = pick(['', '', 'http://', 'https://', 'x:', '//', '/', 'ftp://u@', 'http://h:8080', 'urn:', 'mailto:', 'file://']) + s
  rows << [s, answer do
    u = URI.parse(s)
    ([u.to_s] + %i[scheme userinfo host port path query fragment opaque].map { |m| u.send(m).inspect }).join(' | ')
  end]
end
write('uri_parse_random', rows)

b64 = ('A'..'Z').to_a + ('a'..'z').to_a + %w[0 9 + / - _ = = = \n space !]
rows = []
200.times do
  s = Array.new(RNG.rand(0..12)) { c = pick(b64); c == 'space' ? ' ' : (c == '\n' ? "\n" : c) }.join
  f = pick(['%b', '%u', '%B', nil])
  src = f.nil? ? "Binary(#{pq(s)})" : "Binary(#{pq(s)}, #{pq(f)})"
  rows << [s, f.to_s, answer do
    b = evaluate(src)
    [b.to_s, b.length, Base64.encode64(b.binary_buffer), Base64.urlsafe_encode64(b.binary_buffer)].join(' | ')
  end]
end
write('binary_random', rows)

vchars = %w[0 1 2 9 10 01 . . . - + a A z - rc alpha 00]
rows = Array.new(300) { Array.new(RNG.rand(1..9)) { pick(vchars) }.join }.uniq.map { |s| [s, answer { evaluate("SemVer(#{pq(s)})").to_s }] }
write('semver_parse_random', rows)

far = [253_402_300_800_000_000_000, 10**20, -10**20, 3 * 10**21, -62_167_219_200_000_000_000, -62_167_219_200_000_000_001]
rows = []
far.each { |n| sfmts.each_slice(3).map(&:first).each { |f| rows << [n.to_s, f, '', answer { TM.new(n).format(f) }] } }
write('timestamp_format_far', rows)

# ---- random strptime formats (strftime output read back) and random URI merges --------
pdirs = %w[%Y %C %y %m %B %b %d %e %j %H %k %I %l %P %p %M %S %L %N %z %:z %Z %A %a %u %w %G %g %V %U %W %s %Q %c %D %F %v %x %X %r %R %T %n %t %%]
seps = ['', '', ' ', '-', ':', '/', 'T', ', ', '  ']
rows = []
250.times do
  f = Array.new(RNG.rand(2..6)) { pick(pdirs) + pick(seps) }.join
  n = pick(stamps)
  tz = pick([nil, nil, '+05:30', '-08:00'])
  s = TM.new(n).format(f, tz)
  rows << [s, f, '', answer { TM.parse(s, f, nil).nsecs.to_s }]
end
write('timestamp_parse_random', rows)

segs = %w[a b .. . g x;y %41 ? # @ : q=1 ../.. ./g g/ /]
rows = []
200.times do
  r = Array.new(RNG.rand(1..5)) { pick(segs) }.join(pick(['/', '/', '']))
  r = pick(['', '', '/', '//h2', '?', '#']) + r
  b = pick(bases)
  rows << [b, r, answer { (URI.parse(b) + r).to_s }]
end
write('uri_merge_random', rows)
