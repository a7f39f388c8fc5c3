# frozen_string_literal: true

require 'spec_helper'

RSpec.describe 'rich values' do
  let(:c) { PuppetTypes::TypeCalculator }

  it 'are frozen, compare structurally and work as Hash keys' do
    v = PuppetTypes::SemVer.new('1.0.0')
    expect(v).to be_frozen
    expect(Ractor.shareable?(v)).to be(true)
    expect({ v => 1 }[PuppetTypes::SemVer.new(1, 0, 0)]).to eq(1)
    expect(PuppetTypes::Internal.roundtrip([v])).to eq([v])
  end

  it 'SemVer has readers and precedence order' do
    v = PuppetTypes::SemVer.new('1.2.3-rc.1+b5')
    expect([v.major, v.minor, v.patch, v.prerelease, v.build]).to eq([1, 2, 3, 'rc.1', 'b5'])
    expect(PuppetTypes::SemVer.new('1.2.3-rc.1') < PuppetTypes::SemVer.new('1.2.3')).to be(true)
    expect(PuppetTypes::SemVer.new('1.10.0') > PuppetTypes::SemVer.new('1.9.0')).to be(true)
    expect { PuppetTypes::SemVer.new('01.2.3') }
      .to raise_error(PuppetTypes::ArgumentError, "The string '01.2.3' cannot be converted to a SemVer")
  end

  it 'SemVerRange has ends and membership' do
    r = PuppetTypes::SemVerRange.new('~1.2')
    expect([r.min.to_s, r.max.to_s, r.exclude_min?, r.exclude_max?]).to eq(['1.2.0', '1.3.0', false, true])
    expect(r.include?(PuppetTypes::SemVer.new('1.2.9'))).to be(true)
    expect(r.include?(PuppetTypes::SemVer.new('1.3.0'))).to be(false)
  end

  it 'Timespan converts, formats, compares and computes' do
    t = PuppetTypes::Timespan.new(13.5)
    expect([t.to_s, t.to_i, t.to_f]).to eq(['0-00:00:13.5', 13, 13.5])
    expect((t + 1).to_s).to eq('0-00:00:14.5')
    expect((t * 2).to_s).to eq('0-00:00:27.0')
    expect(t / PuppetTypes::Timespan.new(1)).to eq(13.5)
    expect(t > 3).to be(true)
    expect(t.format('%H:%M:%S')).to eq('00:00:13')
    expect { PuppetTypes::Timespan.new('13:20') }.to raise_error(PuppetTypes::ArgumentError, /Unable to parse '13:20'/)
  end

  it 'Timestamp converts, formats and subtracts' do
    ts = PuppetTypes::Timestamp.new('2016-09-06T08:34:59.000000000 UTC')
    expect(ts.to_i).to eq(1_473_150_899)
    expect((ts + 60).to_s).to eq('2016-09-06T08:35:59.000000000 UTC')
    expect((ts - PuppetTypes::Timestamp.new(ts.to_i - 1)).to_s).to eq('0-00:00:01.0')
    expect(ts.format('%Y-%m-%d')).to eq('2016-09-06')
  end

  it 'Binary, URI, Sensitive and Deferred have their readers' do
    b = PuppetTypes::Binary.new('YWJj')
    expect([b.to_s, b.length, b.bytes, b.relaxed_to_s]).to eq(['YWJj', 3, [97, 98, 99], 'abc'])
    u = PuppetTypes::URI.new('http://example.com/a/b?x=1')
    expect([u.scheme, u.host, u.path, u.query]).to eq(['http', 'example.com', '/a/b', 'x=1'])
    expect((u + '../c').to_s).to eq('http://example.com/c')
    s = PuppetTypes::Sensitive.new('secret')
    expect([s.to_s, s.inspect, s.unwrap]).to eq(['Sensitive [value redacted]', '#<PuppetTypes::Sensitive [value redacted]>', 'secret'])
    d = PuppetTypes::Deferred.new('join', [%w[a b], '-'])
    expect([d.name, d.arguments]).to eq(['join', [%w[a b], '-']])
  end

  it 'are values the calculator knows' do
    expect(c.infer(PuppetTypes::SemVer.new('1.2.3')).to_s).to eq('SemVer')
    expect(c.instance?(PuppetTypes::TypeFactory.sensitive, PuppetTypes::Sensitive.new(1))).to be(true)
    expect(c.instance?(PuppetTypes::TypeFactory.timespan, PuppetTypes::Timespan.new(1))).to be(true)
  end
end
