import { randomUUID } from 'node:crypto';
import type { TestCredential } from '@platform/testing';
import { DomainEntity } from '../src/modules/domains/domain.entity';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';

const NS = [
  { type: 'NS', name: '@', data: 'ns1.sandbox.invalid', ttl: 3600 },
  { type: 'NS', name: '@', data: 'ns2.sandbox.invalid', ttl: 3600 },
];
const TLSA_HEX = 'c0ffee'.repeat(10) + 'c0ff';

/** `res` answered `status` with a domains-style error body matching `body`. */
function expectError(res: { statusCode: number; json(): unknown }, status: number, body: object): void {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject(body);
}

describe('DNS records API (real PostgreSQL and Redis)', () => {
  let t: DomainsTestApp;
  let owner: TestCredential;
  let readOnly: TestCredential;
  let stranger: TestCredential;
  let n = 0;

  beforeAll(async () => {
    t = await startDomainsTestApp('records-api');
    owner = await t.newCredential(['domains.dns:read', 'domains.dns:write']);
    readOnly = await t.newCredential(['domains.dns:read'], owner.accountId);
    stranger = await t.newCredential(['domains.dns:read', 'domains.dns:write']);
  });
  afterAll(() => t?.close());

  /** A fresh ACTIVE domain of the owner, with its default NS zone. */
  const freshDomain = async (): Promise<string> => {
    const domain = `zone${++n}-${randomUUID().slice(0, 8)}.test`;
    await t.addDomain(owner.accountId, domain);
    return domain;
  };

  const call = (
    method: 'GET' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    c: TestCredential | null = owner,
  ) =>
    t.inject({
      method,
      url,
      headers: { ...c?.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });

  const zone = async (domain: string): Promise<unknown[]> => {
    const res = await call('GET', `/v1/domains/${domain}/records`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  describe('GET /v1/domains/{domain}/records', () => {
    it('answers the zone in insertion order, filtered by type and name', async () => {
      const domain = await freshDomain();
      expect(await zone(domain)).toEqual(NS);
      const add = [
        { type: 'A', name: 'www', data: '192.0.2.1' },
        { type: 'MX', name: '@', data: 'mx.example.net', priority: 10, ttl: 600 },
        { type: 'A', name: 'api', data: '192.0.2.2' },
      ];
      expect((await call('PATCH', `/v1/domains/${domain}/records`, add)).statusCode).toBe(204);
      expect(await zone(domain)).toEqual([
        ...NS,
        { type: 'A', name: 'www', data: '192.0.2.1', ttl: 3600 },
        { type: 'MX', name: '@', data: 'mx.example.net', ttl: 600, priority: 10 },
        { type: 'A', name: 'api', data: '192.0.2.2', ttl: 3600 },
      ]);
      const byType = await call('GET', `/v1/domains/${domain}/records?type=A`);
      expect(byType.json()).toEqual([
        { type: 'A', name: 'www', data: '192.0.2.1', ttl: 3600 },
        { type: 'A', name: 'api', data: '192.0.2.2', ttl: 3600 },
      ]);
      const byName = await call('GET', `/v1/domains/${domain}/records?name=api.${domain}`);
      expect(byName.json()).toEqual([{ type: 'A', name: 'api', data: '192.0.2.2', ttl: 3600 }]);
      const both = await call('GET', `/v1/domains/${domain}/records?type=mx&name=@`);
      expect(both.json()).toEqual([
        { type: 'MX', name: '@', data: 'mx.example.net', ttl: 600, priority: 10 },
      ]);
    });

    it('answers 400 INVALID_FORMAT for a malformed domain, type or name filter', async () => {
      const domain = await freshDomain();
      for (const [url, path] of [
        ['/v1/domains/not_a_domain/records', 'domain'],
        [`/v1/domains/${domain}/records?type=PTR`, 'type'],
        [`/v1/domains/${domain}/records?name=a%20b`, 'name'],
        [`/v1/domains/${domain}/records?limit=5`, 'limit'],
      ]) {
        const res = await call('GET', url);
        expectError(res, 400, {
          code: 'INVALID_FORMAT',
          fields: [expect.objectContaining({ path })],
        });
      }
    });

    it("answers 404 DOMAIN_NOT_FOUND for another account's domain and an unknown one", async () => {
      const domain = await freshDomain();
      for (const url of [
        `/v1/domains/${domain}/records`,
        `/v1/domains/unknown-${randomUUID()}.test/records`,
      ]) {
        const res = await call('GET', url, undefined, stranger);
        expectError(res, 404, { code: 'DOMAIN_NOT_FOUND' });
      }
    });

    it('answers 401 without a token and 403 without the read scope', async () => {
      const domain = await freshDomain();
      expect((await call('GET', `/v1/domains/${domain}/records`, undefined, null)).statusCode).toBe(401);
      const other = await t.newCredential(['domains.domain:read'], owner.accountId);
      expect((await call('GET', `/v1/domains/${domain}/records`, undefined, other)).statusCode).toBe(403);
    });

    it('reads the zone of a domain that is not ACTIVE', async () => {
      const domain = await freshDomain();
      await t.dataSource.getRepository(DomainEntity).update({ domain }, { status: 'EXPIRED' });
      expect(await zone(domain)).toEqual(NS);
    });
  });

  describe('PUT /v1/domains/{domain}/records', () => {
    it('replaces the whole zone; PUT twice leaves one copy', async () => {
      const domain = await freshDomain();
      const records = [
        { type: 'A', name: '@', data: '192.0.2.1', ttl: 600 },
        { type: 'TXT', name: '@', data: 'v=spf1 -all' },
      ];
      for (let i = 0; i < 2; i++) {
        const res = await call('PUT', `/v1/domains/${domain}/records`, records);
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe('');
      }
      expect(await zone(domain)).toEqual([
        { type: 'A', name: '@', data: '192.0.2.1', ttl: 600 },
        { type: 'TXT', name: '@', data: 'v=spf1 -all', ttl: 3600 },
      ]);
      expect((await call('PUT', `/v1/domains/${domain}/records`, [])).statusCode).toBe(204);
      expect(await zone(domain)).toEqual([]);
    });

    it('takes every record type the agent registry and mail need', async () => {
      const domain = await freshDomain();
      const records = [
        { type: 'A', name: 'www', data: '192.0.2.1' },
        { type: 'AAAA', name: 'www', data: '2001:db8::1' },
        { type: 'CNAME', name: 'shop', data: 'shops.example.net' },
        { type: 'MX', name: '@', data: 'mx1.example.net', priority: 5 },
        { type: 'NS', name: 'sub', data: 'ns.example.net' },
        {
          type: 'SOA',
          name: '@',
          data: 'ns1.sandbox.invalid hostmaster.sandbox.invalid 1 7200 3600 1209600 600',
        },
        { type: 'SRV', name: '_sip._tcp', data: 'sip.example.net', priority: 10, weight: 5, port: 5060 },
        { type: 'TXT', name: '_ans.agent', data: 'v=ans1; version=v1.0.0; p=a2a; mode=direct' },
        { type: 'CAA', name: '@', data: '0 issue "letsencrypt.org"' },
        { type: 'HTTPS', name: 'agent', data: '. alpn=h2', priority: 1 },
        { type: 'SVCB', name: '_dns', data: 'dns.example.net alpn=dot', priority: 1 },
        { type: 'TLSA', name: '_443._tcp.agent', data: `3 0 1 ${TLSA_HEX}` },
      ];
      expect((await call('PUT', `/v1/domains/${domain}/records`, records)).statusCode).toBe(204);
      const read = (await zone(domain)) as { type: string }[];
      expect(read.map((r) => r.type)).toEqual(records.map((r) => r.type));
      expect(read[6]).toEqual({
        type: 'SRV',
        name: '_sip._tcp',
        data: 'sip.example.net',
        ttl: 3600,
        priority: 10,
        weight: 5,
        port: 5060,
        service: '_sip',
        protocol: '_tcp',
      });
    });

    it('answers 400 INVALID_BODY with a path per bad element and property, changing nothing', async () => {
      const domain = await freshDomain();
      // JSON types and unknown fields first (the body's shape)…
      const shape = await call('PUT', `/v1/domains/${domain}/records`, [
        { type: 'A', name: 'ok', data: '192.0.2.1' },
        { type: 'A', name: 'x', data: '192.0.2.1', ttl: '3600' },
        { type: 'A', name: 'x', data: '192.0.2.1', colour: 'red' },
        { type: 'A', name: 'x' },
        'not a record',
      ]);
      expect(shape.statusCode).toBe(400);
      expect(shape.json()).toEqual({
        code: 'INVALID_BODY',
        message: expect.any(String),
        fields: [
          expect.objectContaining({ path: '$[1].ttl', code: 'INVALID_FORMAT' }),
          expect.objectContaining({ path: '$[2].colour', code: 'UNKNOWN_FIELD' }),
          expect.objectContaining({ path: '$[3].data', code: 'INVALID_FORMAT' }),
          expect.objectContaining({ path: '$[4]', code: 'INVALID_FORMAT' }),
        ],
      });
      // …then the rules of each record's type, every bad record at once.
      const rules = await call('PUT', `/v1/domains/${domain}/records`, [
        { type: 'A', name: 'ok', data: '192.0.2.1' },
        { type: 'A', name: 'bad', data: '999.0.0.1' },
        { type: 'MX', name: '@', data: 'mx.example.net' },
        { type: 'A', name: 'x', data: '192.0.2.1', ttl: 599 },
        { type: 'PTR', name: 'x', data: 'x' },
        { type: 'TXT', name: 'a..b', data: 'x' },
      ]);
      expectError(rules, 400, {
        code: 'INVALID_BODY',
        fields: [
          expect.objectContaining({ path: '$[1].data', code: 'INVALID_FORMAT' }),
          expect.objectContaining({ path: '$[2].priority', code: 'REQUIRED' }),
          expect.objectContaining({ path: '$[3].ttl', code: 'OUT_OF_RANGE' }),
          expect.objectContaining({ path: '$[4].type', code: 'INVALID_VALUE' }),
          expect.objectContaining({ path: '$[5].name', code: 'INVALID_VALUE' }),
        ],
      });
      expect(await zone(domain)).toEqual(NS);
    });

    it('answers 400 for a body that is not an array or has more than 500 records', async () => {
      const domain = await freshDomain();
      const notArray = await call('PUT', `/v1/domains/${domain}/records`, { type: 'A' });
      expectError(notArray, 400, {
        code: 'INVALID_BODY',
        fields: [{ path: '$', code: 'INVALID_FORMAT' }],
      });
      const many = Array.from({ length: 501 }, (_, i) => ({ type: 'A', name: `h${i}`, data: '192.0.2.1' }));
      const tooMany = await call('PUT', `/v1/domains/${domain}/records`, many);
      expectError(tooMany, 400, {
        code: 'INVALID_BODY',
        fields: [{ path: '$', code: 'OUT_OF_RANGE' }],
      });
    });

    it('refuses a CNAME at the apex and a CNAME beside other records in the request (400)', async () => {
      const domain = await freshDomain();
      const apex = await call('PUT', `/v1/domains/${domain}/records`, [
        { type: 'CNAME', name: '@', data: 'x.example.net' },
      ]);
      expectError(apex, 400, {
        code: 'INVALID_BODY',
        fields: [expect.objectContaining({ path: '$[0].name' })],
      });
      const beside = await call('PUT', `/v1/domains/${domain}/records`, [
        { type: 'A', name: 'www', data: '192.0.2.1' },
        { type: 'CNAME', name: 'www', data: 'x.example.net' },
      ]);
      expectError(beside, 400, {
        code: 'INVALID_BODY',
        fields: [expect.objectContaining({ path: '$[1]' })],
      });
      const twoSoa = await call('PUT', `/v1/domains/${domain}/records`, [
        { type: 'SOA', name: '@', data: 'a.example b.example 1 2 3 4 5' },
        { type: 'SOA', name: '@', data: 'a.example b.example 2 2 3 4 5' },
      ]);
      expect(twoSoa.statusCode).toBe(400);
      expect(await zone(domain)).toEqual(NS);
    });

    it('accepts a PUT that swaps an A for a CNAME at one name (checked against the resulting zone)', async () => {
      const domain = await freshDomain();
      await call('PATCH', `/v1/domains/${domain}/records`, [{ type: 'A', name: 'www', data: '192.0.2.1' }]);
      const res = await call('PUT', `/v1/domains/${domain}/records`, [
        { type: 'CNAME', name: 'www', data: 'x.example.net' },
      ]);
      expect(res.statusCode).toBe(204);
      expect(await zone(domain)).toEqual([{ type: 'CNAME', name: 'www', data: 'x.example.net', ttl: 3600 }]);
    });

    it('answers 409 DOMAIN_NOT_ACTIVE for a PENDING, PENDING_TRANSFER or EXPIRED domain', async () => {
      for (const status of ['PENDING', 'PENDING_TRANSFER', 'EXPIRED'] as const) {
        const domain = await freshDomain();
        await t.dataSource.getRepository(DomainEntity).update({ domain }, { status });
        const res = await call('PUT', `/v1/domains/${domain}/records`, []);
        expectError(res, 409, { code: 'DOMAIN_NOT_ACTIVE' });
      }
    });

    it("answers 404 for another account's domain, 401 without a token, 403 with read only", async () => {
      const domain = await freshDomain();
      const res = await call('PUT', `/v1/domains/${domain}/records`, [], stranger);
      expectError(res, 404, { code: 'DOMAIN_NOT_FOUND' });
      expect((await call('PUT', `/v1/domains/${domain}/records`, [], null)).statusCode).toBe(401);
      expect((await call('PUT', `/v1/domains/${domain}/records`, [], readOnly)).statusCode).toBe(403);
      expect(await zone(domain)).toEqual(NS);
    });
  });

  describe('PATCH /v1/domains/{domain}/records', () => {
    it('adds; PATCH twice leaves two copies', async () => {
      const domain = await freshDomain();
      const record = { type: 'TXT', name: 'dup', data: 'hello' };
      expect((await call('PATCH', `/v1/domains/${domain}/records`, [record])).statusCode).toBe(204);
      expect((await call('PATCH', `/v1/domains/${domain}/records`, [record])).statusCode).toBe(204);
      const read = await call('GET', `/v1/domains/${domain}/records/TXT/dup`);
      expect(read.json()).toEqual([
        { ...record, ttl: 3600 },
        { ...record, ttl: 3600 },
      ]);
    });

    it('answers 400 for an empty array', async () => {
      const domain = await freshDomain();
      const res = await call('PATCH', `/v1/domains/${domain}/records`, []);
      expectError(res, 400, {
        code: 'INVALID_BODY',
        fields: [{ path: '$', code: 'OUT_OF_RANGE' }],
      });
    });

    it('answers 409 CNAME_CONFLICT for a CNAME onto a name with an A, and an A onto a CNAME name', async () => {
      const domain = await freshDomain();
      await call('PATCH', `/v1/domains/${domain}/records`, [
        { type: 'A', name: 'www', data: '192.0.2.1' },
        { type: 'CNAME', name: 'shop', data: 'x.example.net' },
      ]);
      const cname = await call('PATCH', `/v1/domains/${domain}/records`, [
        { type: 'TXT', name: 'fine', data: 'x' },
        { type: 'CNAME', name: 'www', data: 'y.example.net' },
      ]);
      expectError(cname, 409, {
        code: 'CNAME_CONFLICT',
        fields: [expect.objectContaining({ path: '$[1]' })],
      });
      const a = await call('PATCH', `/v1/domains/${domain}/records`, [
        { type: 'A', name: 'shop', data: '192.0.2.1' },
      ]);
      expectError(a, 409, { code: 'CNAME_CONFLICT' });
      const second = await call('PATCH', `/v1/domains/${domain}/records`, [
        { type: 'CNAME', name: 'SHOP', data: 'z.example.net' },
      ]);
      expect(second.statusCode).toBe(409);
      expect((await zone(domain)).length).toBe(NS.length + 2);
    });

    it('answers 409 SOA_CONFLICT for a second SOA', async () => {
      const domain = await freshDomain();
      const soa = { type: 'SOA', name: '@', data: 'a.example b.example 1 2 3 4 5' };
      expect((await call('PATCH', `/v1/domains/${domain}/records`, [soa])).statusCode).toBe(204);
      const res = await call('PATCH', `/v1/domains/${domain}/records`, [soa]);
      expectError(res, 409, { code: 'SOA_CONFLICT' });
    });

    it('answers 422 TOO_MANY_RECORDS past 500 records in the zone, adding none', async () => {
      const domain = await freshDomain();
      const batch = (from: number, count: number) =>
        Array.from({ length: count }, (_, i) => ({ type: 'A', name: `h${from + i}`, data: '192.0.2.1' }));
      expect((await call('PATCH', `/v1/domains/${domain}/records`, batch(0, 498))).statusCode).toBe(204);
      expect((await zone(domain)).length).toBe(500);
      const res = await call('PATCH', `/v1/domains/${domain}/records`, batch(498, 2));
      expectError(res, 422, { code: 'TOO_MANY_RECORDS' });
      expect((await zone(domain)).length).toBe(500);
    });

    it('lets one of concurrent PATCHes win when together they would break CNAME exclusivity', async () => {
      const domain = await freshDomain();
      const rounds = 8;
      for (let i = 0; i < rounds; i++) {
        const [a, b] = await Promise.all([
          call('PATCH', `/v1/domains/${domain}/records`, [
            { type: 'CNAME', name: `r${i}`, data: 'x.example.net' },
          ]),
          call('PATCH', `/v1/domains/${domain}/records`, [{ type: 'A', name: `r${i}`, data: '192.0.2.1' }]),
        ]);
        expect([a.statusCode, b.statusCode].sort()).toEqual([204, 409]);
      }
      const rows: { name: string; n: string }[] = await t.dataSource.query(
        `SELECT r.name, count(*) AS n FROM domains.dns_records r JOIN domains.domains d USING (domain_id)
         WHERE d.domain = $1 AND r.name LIKE 'r%' GROUP BY r.name`,
        [domain],
      );
      expect(rows).toHaveLength(rounds);
      expect(rows.every((r) => r.n === '1')).toBe(true);
    });

    it('answers 409 DOMAIN_NOT_ACTIVE, 404, 401 and 403 as PUT does', async () => {
      const domain = await freshDomain();
      const body = [{ type: 'A', name: 'a', data: '192.0.2.1' }];
      expect((await call('PATCH', `/v1/domains/${domain}/records`, body, stranger)).statusCode).toBe(404);
      expect((await call('PATCH', `/v1/domains/${domain}/records`, body, null)).statusCode).toBe(401);
      expect((await call('PATCH', `/v1/domains/${domain}/records`, body, readOnly)).statusCode).toBe(403);
      await t.dataSource.getRepository(DomainEntity).update({ domain }, { status: 'PENDING' });
      expect((await call('PATCH', `/v1/domains/${domain}/records`, body)).statusCode).toBe(409);
    });
  });

  describe('…/records/{type}/{name} and …/records/{type}', () => {
    it('GET answers the records of one type and name, possibly none', async () => {
      const domain = await freshDomain();
      await call('PATCH', `/v1/domains/${domain}/records`, [
        { type: 'A', name: 'www', data: '192.0.2.1' },
        { type: 'A', name: 'www', data: '192.0.2.2' },
        { type: 'TXT', name: 'www', data: 'x' },
      ]);
      const res = await call('GET', `/v1/domains/${domain}/records/A/www`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { type: 'A', name: 'www', data: '192.0.2.1', ttl: 3600 },
        { type: 'A', name: 'www', data: '192.0.2.2', ttl: 3600 },
      ]);
      expect((await call('GET', `/v1/domains/${domain}/records/a/www.${domain}`)).json()).toHaveLength(2);
      expect((await call('GET', `/v1/domains/${domain}/records/AAAA/www`)).json()).toEqual([]);
      expect((await call('GET', `/v1/domains/${domain}/records/NS/@`)).json()).toEqual(NS);
    });

    it('answers 400 INVALID_FORMAT for an unknown type or a bad name in the path', async () => {
      const domain = await freshDomain();
      for (const [method, url, path] of [
        ['GET', `/v1/domains/${domain}/records/PTR/www`, 'type'],
        ['GET', `/v1/domains/${domain}/records/A/bad%20name`, 'name'],
        ['DELETE', `/v1/domains/${domain}/records/BOGUS/www`, 'type'],
        ['DELETE', `/v1/domains/${domain}/records/A/www.elsewhere.test.`, 'name'],
        ['PUT', `/v1/domains/${domain}/records/XYZ`, 'type'],
        ['PUT', `/v1/domains/${domain}/records/CNAME/@`, 'name'],
      ] as const) {
        const body = method === 'PUT' ? [{ data: 'x.example.net', name: 'a' }] : undefined;
        const res = await call(method, url, url.endsWith('CNAME/@') ? [{ data: 'x.example.net' }] : body);
        expectError(res, 400, {
          code: 'INVALID_FORMAT',
          fields: [expect.objectContaining({ path })],
        });
      }
    });

    it('PUT …/{type}/{name} replaces those records only; PUT twice leaves one copy', async () => {
      const domain = await freshDomain();
      await call('PATCH', `/v1/domains/${domain}/records`, [
        { type: 'A', name: 'www', data: '192.0.2.1' },
        { type: 'A', name: 'api', data: '192.0.2.9' },
        { type: 'TXT', name: 'www', data: 'keep' },
      ]);
      const body = [{ data: '192.0.2.7', ttl: 7200 }, { data: '192.0.2.8' }];
      for (let i = 0; i < 2; i++)
        expect((await call('PUT', `/v1/domains/${domain}/records/A/www`, body)).statusCode).toBe(204);
      expect(await zone(domain)).toEqual([
        ...NS,
        { type: 'A', name: 'api', data: '192.0.2.9', ttl: 3600 },
        { type: 'TXT', name: 'www', data: 'keep', ttl: 3600 },
        { type: 'A', name: 'www', data: '192.0.2.7', ttl: 7200 },
        { type: 'A', name: 'www', data: '192.0.2.8', ttl: 3600 },
      ]);
    });

    it('PUT …/{type}/{name} validates the body with element paths and refuses type or name in it', async () => {
      const domain = await freshDomain();
      const res = await call('PUT', `/v1/domains/${domain}/records/MX/@`, [
        { data: 'mx.example.net', priority: 1 },
        { data: 'mx2.example.net' },
        { data: 'mx3.example.net', priority: 1, name: 'x' },
      ]);
      expectError(res, 400, {
        code: 'INVALID_BODY',
        fields: [expect.objectContaining({ path: '$[2].name', code: 'UNKNOWN_FIELD' })],
      });
      const missing = await call('PUT', `/v1/domains/${domain}/records/MX/@`, [{ data: 'mx2.example.net' }]);
      expect(missing.json()).toMatchObject({
        code: 'INVALID_BODY',
        fields: [expect.objectContaining({ path: '$[0].priority', code: 'REQUIRED' })],
      });
      expect((await call('PUT', `/v1/domains/${domain}/records/MX/@`, [])).statusCode).toBe(400);
    });

    it('PUT …/{type}/{name} answers 409 for an A onto a CNAME name, and 409/404 by domain state', async () => {
      const domain = await freshDomain();
      await call('PATCH', `/v1/domains/${domain}/records`, [
        { type: 'CNAME', name: 'www', data: 'x.example.net' },
      ]);
      const res = await call('PUT', `/v1/domains/${domain}/records/A/www`, [{ data: '192.0.2.1' }]);
      expectError(res, 409, { code: 'CNAME_CONFLICT' });
      // Replacing the CNAME itself is fine: the old one goes first.
      expect(
        (await call('PUT', `/v1/domains/${domain}/records/CNAME/www`, [{ data: 'y.example.net' }]))
          .statusCode,
      ).toBe(204);
      expect(
        (await call('PUT', `/v1/domains/${domain}/records/A/x`, [{ data: '192.0.2.1' }], stranger))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('PUT', `/v1/domains/${domain}/records/A/x`, [{ data: '192.0.2.1' }], readOnly))
          .statusCode,
      ).toBe(403);
      await t.dataSource.getRepository(DomainEntity).update({ domain }, { status: 'PENDING_TRANSFER' });
      expect(
        (await call('PUT', `/v1/domains/${domain}/records/A/x`, [{ data: '192.0.2.1' }])).statusCode,
      ).toBe(409);
    });

    it('PUT …/{type} replaces every record of the type and leaves the others', async () => {
      const domain = await freshDomain();
      await call('PATCH', `/v1/domains/${domain}/records`, [
        { type: 'A', name: 'www', data: '192.0.2.1' },
        { type: 'TXT', name: 'www', data: 'keep' },
        { type: 'A', name: 'api', data: '192.0.2.2' },
      ]);
      const body = [{ name: 'new', data: '192.0.2.3' }];
      for (let i = 0; i < 2; i++)
        expect((await call('PUT', `/v1/domains/${domain}/records/A`, body)).statusCode).toBe(204);
      expect(await zone(domain)).toEqual([
        ...NS,
        { type: 'TXT', name: 'www', data: 'keep', ttl: 3600 },
        { type: 'A', name: 'new', data: '192.0.2.3', ttl: 3600 },
      ]);
      const bad = await call('PUT', `/v1/domains/${domain}/records/A`, [{ name: 'x', data: 'nope' }]);
      expect(bad.json()).toMatchObject({
        code: 'INVALID_BODY',
        fields: [expect.objectContaining({ path: '$[0].data' })],
      });
    });

    it('DELETE removes one type and name and answers 204, twice', async () => {
      const domain = await freshDomain();
      await call('PATCH', `/v1/domains/${domain}/records`, [
        { type: 'A', name: 'www', data: '192.0.2.1' },
        { type: 'A', name: 'www', data: '192.0.2.2' },
        { type: 'TXT', name: 'www', data: 'keep' },
      ]);
      for (let i = 0; i < 2; i++) {
        const res = await call('DELETE', `/v1/domains/${domain}/records/A/www`);
        expect(res.statusCode).toBe(204);
        expect(res.body).toBe('');
      }
      expect(await zone(domain)).toEqual([...NS, { type: 'TXT', name: 'www', data: 'keep', ttl: 3600 }]);
    });

    it('DELETE answers 404, 401, 403 and 409 by caller and domain state', async () => {
      const domain = await freshDomain();
      const url = `/v1/domains/${domain}/records/NS/@`;
      expect((await call('DELETE', url, undefined, stranger)).json()).toMatchObject({
        code: 'DOMAIN_NOT_FOUND',
      });
      expect((await call('DELETE', url, undefined, null)).statusCode).toBe(401);
      expect((await call('DELETE', url, undefined, readOnly)).statusCode).toBe(403);
      await t.dataSource.getRepository(DomainEntity).update({ domain }, { status: 'EXPIRED' });
      const res = await call('DELETE', url);
      expectError(res, 409, { code: 'DOMAIN_NOT_ACTIVE' });
      expect(await zone(domain)).toEqual(NS);
    });
  });
});
