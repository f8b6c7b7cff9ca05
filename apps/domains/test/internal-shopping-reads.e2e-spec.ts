import { randomUUID } from 'node:crypto';
import { INTERNAL_CREDENTIAL_HEADER, deriveInternalCredential } from '@platform/crypto';
import type { DomainAvailability } from '@platform/contracts';
import type { Response } from 'light-my-request';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';
import { freshName } from './support/orders-requests';

/**
 * What the Shopping API reads from the domains service (libs/domains-client `availability`,
 * `paymentProfile`): POST /internal/v1/domains/availability and
 * GET /internal/v1/accounts/{accountId}/payment-profile.
 */
describe('internal availability and payment-profile routes (real Postgres, Redis)', () => {
  let t: DomainsTestApp;
  let credential: Record<string, string>;
  const holder = randomUUID();

  beforeAll(async () => {
    t = await startDomainsTestApp('internal-shopping-reads');
    credential = {
      [INTERNAL_CREDENTIAL_HEADER]: deriveInternalCredential(t.env.config('domains').secretsEncryptionKey),
    };
    await t.addDomain(holder, 'held-here.com');
  });

  afterAll(() => t?.close());

  const availability = (payload: unknown, headers = credential): Promise<Response> =>
    t.inject({
      method: 'POST',
      url: '/internal/v1/domains/availability',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  const profile = (accountId: string, headers = credential): Promise<Response> =>
    t.inject({ method: 'GET', url: `/internal/v1/accounts/${accountId}/payment-profile`, headers });

  describe('POST /internal/v1/domains/availability', () => {
    it('answers each name in request order: available, reserved, registered here, taken elsewhere, malformed, unsupported TLD', async () => {
      const fresh = freshName('dev');
      const res = await availability({
        domains: [
          `${fresh.toUpperCase()}.`,
          'example.com',
          'held-here.com',
          'abc.io',
          'not a name',
          'fresh-name.de',
          fresh,
        ],
      });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { results: DomainAvailability[] }).results).toEqual([
        { domain: fresh, available: true, error: null },
        { domain: 'example.com', available: false, error: null },
        { domain: 'held-here.com', available: false, error: null },
        { domain: 'abc.io', available: false, error: null },
        {
          domain: 'not a name',
          available: false,
          error: { code: 'INVALID_FORMAT', message: expect.any(String) },
        },
        {
          domain: 'fresh-name.de',
          available: false,
          error: { code: 'UNSUPPORTED_TLD', message: expect.stringContaining('fresh-name.de') },
        },
        { domain: fresh, available: true, error: null },
      ]);
    });

    it('answers from the same availability cache as POST /v1/domains/available', async () => {
      const domain = freshName();
      const cred = await t.newCredential(['domains.domain:read']);
      const publicCheck = await t.inject({
        method: 'GET',
        url: `/v3/domains/check-availability?domain=${domain}`,
        headers: cred.headers,
      });
      expect(publicCheck.json()).toMatchObject({ available: true, definitive: true });
      await t.addDomain(randomUUID(), domain);
      // The cached answer stands until its TTL (or a purchase through the API forgets it).
      expect((await availability({ domains: [domain] })).json()).toEqual({
        results: [{ domain, available: true, error: null }],
      });
    });

    it('takes 100 names', async () => {
      const domains = Array.from({ length: 100 }, () => freshName());
      const res = await availability({ domains });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { results: DomainAvailability[] }).results.map((r) => r.domain)).toEqual(domains);
    });

    it.each([
      ['no domains', {}],
      ['an empty list', { domains: [] }],
      ['101 names', { domains: Array.from({ length: 101 }, () => freshName()) }],
      ['a number among the names', { domains: ['a-name.com', 7] }],
      ['a string instead of a list', { domains: 'a-name.com' }],
      ['an unknown field', { domains: ['a-name.com'], checkType: 'FULL' }],
      ['a bare list', ['a-name.com']],
      ['a bare string', 'a-name.com'],
      ['null', null],
    ])('answers 400 INVALID_BODY (never 500) for %s', async (_, payload) => {
      const res = await availability(payload);
      expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_BODY']);
    });
  });

  describe('GET /internal/v1/accounts/{accountId}/payment-profile', () => {
    it('answers NONE without a profile, ACTIVE for a usable one, DECLINING for a declined one', async () => {
      const accountId = randomUUID();
      expect((await profile(accountId)).json()).toEqual({ accountId, status: 'NONE' });
      await t.setPaymentProfile(accountId, 'ACTIVE');
      const active = await profile(accountId);
      expect([active.statusCode, active.json()]).toEqual([200, { accountId, status: 'ACTIVE' }]);
      await t.setPaymentProfile(accountId, 'DECLINED');
      expect((await profile(accountId)).json()).toEqual({ accountId, status: 'DECLINING' });
    });

    it('answers 400 INVALID_FORMAT for an account id that is not a uuid', async () => {
      const res = await profile('not-a-uuid');
      expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_FORMAT']);
    });
  });

  it('answers 401 on both routes without the internal credential, with a wrong one, or with a caller token', async () => {
    const token = await t.newCredential(['domains.domain:read', 'domains.domain:create']);
    const wrong = { [INTERNAL_CREDENTIAL_HEADER]: 'f'.repeat(64) };
    const answers = await Promise.all(
      [{}, wrong, token.headers].flatMap((headers) => [
        availability({ domains: ['a-name.com'] }, headers),
        profile(token.accountId, headers),
      ]),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(answers[0].json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
