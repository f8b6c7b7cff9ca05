import { randomUUID } from 'node:crypto';
import type { TestCredential } from '@platform/testing';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';

const fresh = (tld = 'com'): string => `free-${randomUUID().slice(0, 12)}.${tld}`;

describe('availability (real Postgres and Redis)', () => {
  let t: DomainsTestApp;
  let cred: TestCredential;

  beforeAll(async () => {
    t = await startDomainsTestApp('domains-availability');
    cred = await t.newCredential(['domains.domain:read']);
  });

  afterAll(() => t?.close());

  const checkOne = (query: string, c: TestCredential = cred) =>
    t.inject({ method: 'GET', url: `/v3/domains/check-availability?${query}`, headers: c.headers });

  const checkMany = (body: unknown, query = '') =>
    t.inject({
      method: 'POST',
      url: `/v1/domains/available${query}`,
      headers: { ...cred.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  describe('GET /v3/domains/check-availability', () => {
    it('answers an available name with its yearly price', async () => {
      const domain = fresh('ai');
      const res = await checkOne(`domain=${domain.toUpperCase()}.&checkType=FULL`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        domain,
        available: true,
        definitive: true,
        price: 79_990_000,
        currency: 'USD',
        period: 1,
      });
      expect(res.headers['ratelimit-limit']).toBeDefined();
    });

    it.each([
      ['reserved', 'example.com'],
      ['taken elsewhere (1 to 3 characters)', 'abc.net'],
      ['taken elsewhere (taken-…)', 'taken-something.org'],
    ])('answers a %s name as unavailable', async (_, domain) => {
      const res = await checkOne(`domain=${domain}&checkType=FULL`);
      expect(res.json()).toMatchObject({ domain, available: false, definitive: true });
    });

    it('answers a name registered on the platform as unavailable', async () => {
      const domain = fresh();
      await t.addDomain(randomUUID(), domain);
      expect((await checkOne(`domain=${domain}`)).json()).toMatchObject({
        available: false,
        definitive: true,
      });
    });

    it('answers FAST from the cache (definitive false) after a fresh answer, FULL always afresh', async () => {
      const domain = fresh('dev');
      expect((await checkOne(`domain=${domain}`)).json()).toMatchObject({
        available: true,
        definitive: true,
      });
      expect((await checkOne(`domain=${domain}&checkType=FAST`)).json()).toMatchObject({
        available: true,
        definitive: false,
      });
      expect((await checkOne(`domain=${domain}&checkType=full`)).json()).toMatchObject({ definitive: true });
      // A registration the cache has not seen: FAST still answers the cached value until FULL refreshes it.
      await t.addDomain(randomUUID(), domain);
      expect((await checkOne(`domain=${domain}`)).json()).toMatchObject({
        available: true,
        definitive: false,
      });
      expect((await checkOne(`domain=${domain}&checkType=FULL`)).json()).toMatchObject({
        available: false,
        definitive: true,
      });
      expect((await checkOne(`domain=${domain}`)).json()).toMatchObject({
        available: false,
        definitive: false,
      });
    });

    it('answers 422 UNSUPPORTED_TLD for a TLD the registry does not sell', async () => {
      const res = await checkOne('domain=example.de');
      expect([res.statusCode, res.json().code]).toEqual([422, 'UNSUPPORTED_TLD']);
    });

    it.each([
      ['a malformed domain', 'domain=not_a_name', 'domain'],
      ['no domain', '', 'domain'],
      ['an unknown checkType', 'domain=example.com&checkType=SLOW', 'checkType'],
    ])('answers 400 INVALID_FORMAT for %s', async (_, query, path) => {
      const res = await checkOne(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_FORMAT',
        fields: [expect.objectContaining({ path })],
      });
    });

    it('answers 401 without a token and 403 without domains.domain:read', async () => {
      const anonymous = await t.inject({ method: 'GET', url: '/v3/domains/check-availability?domain=a.com' });
      expect(anonymous.statusCode).toBe(401);
      const writer = await t.newCredential(['domains.dns:read']);
      expect((await checkOne('domain=example.com', writer)).statusCode).toBe(403);
    });
  });

  describe('POST /v1/domains/available', () => {
    it('answers 200 with every name in request order when all are good', async () => {
      const names = [fresh('shop'), 'example.org', fresh('net')];
      const res = await checkMany(names, '?checkType=FULL');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        domains: [
          {
            domain: names[0],
            available: true,
            definitive: true,
            price: 2_990_000,
            currency: 'USD',
            period: 1,
          },
          {
            domain: 'example.org',
            available: false,
            definitive: true,
            price: 9_990_000,
            currency: 'USD',
            period: 1,
          },
          {
            domain: names[2],
            available: true,
            definitive: true,
            price: 13_990_000,
            currency: 'USD',
            period: 1,
          },
        ],
      });
    });

    it('answers 203 with the good names and one error per malformed or unsupported name', async () => {
      const good = fresh('app');
      const res = await checkMany(['bad name', good, 'Example.DE']);
      expect(res.statusCode).toBe(203);
      expect(res.json()).toEqual({
        domains: [expect.objectContaining({ domain: good, available: true, price: 14_990_000 })],
        errors: [
          {
            code: 'INVALID_FORMAT',
            domain: 'bad name',
            path: '[0]',
            status: 400,
            message: expect.any(String),
          },
          {
            code: 'UNSUPPORTED_TLD',
            domain: 'example.de',
            path: '[2]',
            status: 422,
            message: expect.any(String),
          },
        ],
      });
    });

    it('shares the cache with the single check: FAST after a fresh answer is not definitive', async () => {
      const domain = fresh('io');
      await checkOne(`domain=${domain}`);
      const res = await checkMany([domain, domain]);
      expect(res.json().domains).toEqual([
        expect.objectContaining({ domain, definitive: false }),
        expect.objectContaining({ domain, definitive: false }),
      ]);
    });

    it('answers 500 names in one request', async () => {
      const names = Array.from({ length: 500 }, (_, i) => `bulk-${i}-${randomUUID().slice(0, 6)}.com`);
      const res = await checkMany(names);
      expect(res.statusCode).toBe(200);
      expect(res.json().domains).toHaveLength(500);
    });

    it.each([
      ['an object', { domains: ['a.com'] }],
      ['an empty array', []],
      ['501 names', Array.from({ length: 501 }, (_, i) => `n${i}.com`)],
      ['a number in the array', ['example.com', 7]],
    ])('answers 400 INVALID_BODY for %s', async (_, body) => {
      const res = await checkMany(body);
      expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_BODY']);
      expect(res.json().fields.length).toBeGreaterThan(0);
    });

    it('answers 400 INVALID_FORMAT for an unknown checkType', async () => {
      const res = await checkMany(['example.com'], '?checkType=NOW');
      expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_FORMAT']);
    });
  });

  describe('with DOMAINS_AVAILABILITY_CACHE_TTL_S=0', () => {
    let uncached: DomainsTestApp;

    beforeAll(async () => {
      uncached = await startDomainsTestApp('domains-availability-nocache', {
        DOMAINS_AVAILABILITY_CACHE_TTL_S: '0',
      });
    });

    afterAll(() => uncached?.close());

    it('answers every check afresh', async () => {
      const reader = await uncached.newCredential(['domains.domain:read']);
      const domain = fresh();
      for (let i = 0; i < 2; i++) {
        const res = await uncached.inject({
          method: 'GET',
          url: `/v3/domains/check-availability?domain=${domain}`,
          headers: reader.headers,
        });
        expect(res.json()).toMatchObject({ available: true, definitive: true });
      }
    });
  });
});
