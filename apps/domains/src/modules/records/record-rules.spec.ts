import { RecordInput, checkRecord } from './record-rules';
import { relativeName } from './record-names';
import { zoneConflicts } from './zone-rules';

const ZONE = 'name.test';
const TLSA_HEX = 'ab'.repeat(32);

type Good = [string, RecordInput, Partial<Record<string, unknown>>];
type Bad = [string, RecordInput, string, string];

/** A record of `type` at `name` with `data`, and any other fields. */
const r = (type: string, name: string, data: string, more: Partial<RecordInput> = {}): RecordInput => ({
  type,
  name,
  data,
  ...more,
});
const srv = (more: Partial<RecordInput>) =>
  r('SRV', '_sip._tcp', 't', { priority: 1, weight: 1, port: 1, ...more });
const [FORMAT, VALUE, RANGE, REQUIRED] = ['INVALID_FORMAT', 'INVALID_VALUE', 'OUT_OF_RANGE', 'REQUIRED'];

const SOA_DATA = 'ns1.example.net. hostmaster.name.test. 2026010101 7200 3600 1209600 600';
const XMPP = { priority: 0, weight: 0, port: 1, service: 'xmpp', protocol: '_tcp' };

const good: Good[] = [
  ['A', r('A', 'www', '192.0.2.10'), { data: '192.0.2.10', ttl: 3600, priority: null }],
  ['A at the apex', r('A', '@', '192.0.2.1'), { name: '@' }],
  ['A under a wildcard', r('A', '*.Shop', '192.0.2.1'), { name: '*.shop' }],
  ['A by its fully qualified name', r('A', 'WWW.name.test.', '192.0.2.1'), { name: 'www' }],
  ['A at the zone name', r('A', 'name.test', '192.0.2.1'), { name: '@' }],
  ['A with priority 0 (read as none)', r('A', 'a', '192.0.2.1', { priority: 0 }), { priority: null }],
  ['AAAA', r('AAAA', 'v6', '2001:DB8::1'), { data: '2001:db8::1' }],
  ['CNAME', r('CNAME', 'www', 'Target.Example.com.'), { data: 'target.example.com' }],
  ['CNAME to the apex', r('CNAME', 'www', '@'), { data: '@' }],
  ['MX', r('MX', '@', 'mx1.example.com', { priority: 10 }), { priority: 10 }],
  ['MX priority 65535', r('MX', '@', 'mx', { priority: 65535 }), { priority: 65535 }],
  ['NS', r('NS', 'sub', 'ns1.example.net'), { data: 'ns1.example.net' }],
  ['SOA', r('SOA', '@', SOA_DATA), { data: SOA_DATA.replace(/\. /g, ' ') }],
  ['SRV', srv({ priority: 10, weight: 5, port: 5060 }), { service: '_sip', protocol: '_tcp', port: 5060 }],
  ['SRV naming its service', r('SRV', '_xmpp._tcp.chat', 'x', XMPP), { service: '_xmpp', protocol: '_tcp' }],
  ['TXT', r('TXT', '_ans.agent', 'v=ans1; version=v1.0.0; p=a2a'), { name: '_ans.agent' }],
  ['TXT of 4096 characters', r('TXT', 't', 'x'.repeat(4096)), { type: 'TXT' }],
  ['TXT with unicode', r('TXT', 't', 'héllo wörld'), { data: 'héllo wörld' }],
  ['CAA issue', r('CAA', '@', '0 issue "letsencrypt.org"'), { data: '0 issue "letsencrypt.org"' }],
  ['CAA issuewild', r('CAA', '@', '128 issuewild ";"'), { type: 'CAA' }],
  ['CAA iodef', r('CAA', '@', '0 iodef "mailto:sec@name.test"'), { type: 'CAA' }],
  [
    'HTTPS service mode',
    r('HTTPS', 'agent', '. alpn=h2', { priority: 1 }),
    { priority: 1, data: '. alpn=h2' },
  ],
  ['HTTPS alias mode', r('HTTPS', '@', 'cdn.example.net.', { priority: 0 }), { data: 'cdn.example.net' }],
  ['SVCB', r('SVCB', '_dns', 'dns.name.test alpn=dot port=853', { priority: 1 }), { type: 'SVCB' }],
  ['TLSA', r('TLSA', '_443._tcp.agent', `3 0 1 ${TLSA_HEX.toUpperCase()}`), { data: `3 0 1 ${TLSA_HEX}` }],
  ['TTL 600', r('A', 'a', '192.0.2.1', { ttl: 600 }), { ttl: 600 }],
  ['TTL 604800', r('A', 'a', '192.0.2.1', { ttl: 604800 }), { ttl: 604800 }],
];

const bad: Bad[] = [
  ['an unknown type', r('PTR', 'a', 'x'), 'type', VALUE],
  ['a lower-case type', r('a', 'a', '192.0.2.1'), 'type', VALUE],
  ['A with a bad address', r('A', 'a', '256.1.1.1'), 'data', FORMAT],
  ['A with leading zeros', r('A', 'a', '01.2.3.4'), 'data', FORMAT],
  ['A with an IPv6 address', r('A', 'a', '::1'), 'data', FORMAT],
  ['A with a priority', r('A', 'a', '192.0.2.1', { priority: 5 }), 'priority', VALUE],
  ['A with a service', r('A', 'a', '192.0.2.1', { service: '_x' }), 'service', VALUE],
  ['AAAA with an IPv4 address', r('AAAA', 'a', '192.0.2.1'), 'data', FORMAT],
  ['AAAA with a zone index', r('AAAA', 'a', 'fe80::1%eth0'), 'data', FORMAT],
  ['CNAME at the apex', r('CNAME', '@', 'x.example.com'), 'name', VALUE],
  ['CNAME at the zone name', r('CNAME', 'name.test.', 'x.example.com'), 'name', VALUE],
  ['CNAME to a bad host', r('CNAME', 'w', 'bad host'), 'data', FORMAT],
  ['MX without priority', r('MX', '@', 'mx.example.com'), 'priority', REQUIRED],
  ['MX priority 65536', r('MX', '@', 'mx', { priority: 65536 }), 'priority', RANGE],
  ['MX priority -1', r('MX', '@', 'mx', { priority: -1 }), 'priority', RANGE],
  ['NS to a bad host', r('NS', '@', 'ns..example'), 'data', FORMAT],
  ['SOA off the apex', r('SOA', 'sub', 'a.b c.d 1 2 3 4 5'), 'name', VALUE],
  ['SOA with six fields', r('SOA', '@', 'a.b c.d 1 2 3 4'), 'data', FORMAT],
  ['SOA with a serial over 2^32', r('SOA', '@', 'a.b c.d 4294967296 2 3 4 5'), 'data', FORMAT],
  ['SRV with a plain name', { ...srv({}), name: 'sip' }, 'name', VALUE],
  ['SRV without port', srv({ port: undefined }), 'port', REQUIRED],
  ['SRV port 0', srv({ port: 0 }), 'port', RANGE],
  ['SRV port 65536', srv({ port: 65536 }), 'port', RANGE],
  ['SRV without weight', srv({ weight: undefined }), 'weight', REQUIRED],
  ['SRV with a service that is not the name', srv({ service: '_xmpp' }), 'service', VALUE],
  ['TXT empty', r('TXT', 't', ''), 'data', FORMAT],
  ['TXT of 4097 characters', r('TXT', 't', 'x'.repeat(4097)), 'data', FORMAT],
  ['TXT with a newline', r('TXT', 't', 'a\nb'), 'data', FORMAT],
  ['CAA with an unknown tag', r('CAA', '@', '0 issuer "x"'), 'data', FORMAT],
  ['CAA flags 256', r('CAA', '@', '256 issue "x"'), 'data', FORMAT],
  ['CAA iodef not a URL', r('CAA', '@', '0 iodef "sec@name.test"'), 'data', FORMAT],
  ['HTTPS without priority', r('HTTPS', 'a', '. alpn=h2'), 'priority', REQUIRED],
  ['HTTPS with a param lacking its value', r('HTTPS', 'a', '. alpn', { priority: 1 }), 'data', FORMAT],
  ['HTTPS with an unknown param', r('HTTPS', 'a', '. foo=1', { priority: 1 }), 'data', FORMAT],
  ['SVCB with a bad target', r('SVCB', 'a', 'bad_tar get', { priority: 1 }), 'data', FORMAT],
  ['TLSA off a _port._proto name', r('TLSA', 'agent', `3 0 1 ${TLSA_HEX}`), 'name', VALUE],
  ['TLSA with a short digest', r('TLSA', '_443._tcp', '3 0 1 abcd'), 'data', FORMAT],
  ['TLSA usage 4', r('TLSA', '_443._tcp', `4 0 1 ${TLSA_HEX}`), 'data', FORMAT],
  ['TLSA not hex', r('TLSA', '_443._tcp', '3 0 0 xyz'), 'data', FORMAT],
  ['a name with a space', r('A', 'a b', '192.0.2.1'), 'name', VALUE],
  ['a name outside the zone', r('A', 'www.other.test.', '192.0.2.1'), 'name', VALUE],
  ['a name with an inner wildcard', r('A', 'a.*', '192.0.2.1'), 'name', VALUE],
  ['a label of 64 characters', r('A', 'a'.repeat(64), '192.0.2.1'), 'name', VALUE],
  ['TTL 599', r('A', 'a', '192.0.2.1', { ttl: 599 }), 'ttl', RANGE],
  ['TTL 604801', r('A', 'a', '192.0.2.1', { ttl: 604801 }), 'ttl', RANGE],
];

describe('record rules', () => {
  it.each(good)('takes %s', (_, input, expected) => {
    const check = checkRecord(ZONE, input);
    expect(check).toEqual({ ok: true, record: expect.objectContaining(expected) });
  });

  it.each(bad)('refuses %s', (_, input, field, code) => {
    const check = checkRecord(ZONE, input);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.violations).toContainEqual(expect.objectContaining({ field, code }));
  });

  it('reports every bad field of a record at once', () => {
    const check = checkRecord(ZONE, { type: 'MX', name: 'a b', data: '', ttl: 1 });
    expect(check.ok ? [] : check.violations.map((v) => v.field).sort()).toEqual([
      'data',
      'name',
      'priority',
      'ttl',
    ]);
  });

  it.each([
    ['@', '@'],
    ['name.test', '@'],
    ['name.test.', '@'],
    ['a.b.name.test', 'a.b'],
    ['A.B', 'a.b'],
    ['*', '*'],
    ['other.test.', undefined],
    ['', undefined],
    ['a..b', undefined],
    ['-a', undefined],
  ])('makes %j relative as %j', (raw, relative) => {
    expect(relativeName(ZONE, raw)).toBe(relative);
  });
});

describe('zone-wide rules', () => {
  const r = (type: string, name: string) => ({ type, name }) as Parameters<typeof zoneConflicts>[0][number];

  it.each([
    ['a CNAME onto a name with an A', [r('A', 'www')], [r('CNAME', 'www')], [[0, 'CNAME_CONFLICT', true]]],
    ['an A onto a CNAME name', [r('CNAME', 'www')], [r('A', 'www')], [[0, 'CNAME_CONFLICT', true]]],
    ['a second CNAME', [r('CNAME', 'www')], [r('CNAME', 'www')], [[0, 'CNAME_CONFLICT', true]]],
    ['a CNAME and an A in one request', [], [r('A', 'w'), r('CNAME', 'w')], [[1, 'CNAME_CONFLICT', false]]],
    ['an A after a CNAME in one request', [], [r('CNAME', 'w'), r('A', 'w')], [[1, 'CNAME_CONFLICT', false]]],
    ['a second SOA', [r('SOA', '@')], [r('SOA', '@')], [[0, 'SOA_CONFLICT', true]]],
    ['two SOA in one request', [], [r('SOA', '@'), r('SOA', '@')], [[1, 'SOA_CONFLICT', false]]],
    ['records at other names', [r('CNAME', 'a')], [r('A', 'b'), r('CNAME', 'c'), r('TXT', 'd')], []],
    ['two A records at one name', [r('A', 'a')], [r('A', 'a')], []],
  ])('%s', (_, kept, added, expected) => {
    const conflicts = zoneConflicts(kept, added).map((c) => [c.index, c.code, c.withExisting]);
    expect(conflicts).toEqual(expected);
  });
});
