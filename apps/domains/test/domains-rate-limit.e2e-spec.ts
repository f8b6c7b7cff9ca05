import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';

/** One request per public area of the service: each counts against the one per-credential limit. */
const ROUTES = [
  '/v3/domains/check-availability?domain=limited-example.com',
  '/v1/domains',
  '/v1/domains/limited-example.com',
  '/v1/domains/limited-example.com/records',
  '/v1/domains/orders/00000000-0000-4000-8000-000000000000',
];

describe('domains rate limit (ErrorLimit 429 on every route)', () => {
  const LIMIT = ROUTES.length;
  let t: DomainsTestApp;

  beforeAll(async () => {
    t = await startDomainsTestApp('domains-rl', { RATE_LIMIT_CREDENTIAL_LIMIT: String(LIMIT) });
  });

  afterAll(() => t?.close());

  it('counts every route against one credential, then answers 429 with Retry-After and an ErrorLimit', async () => {
    const cred = await t.newCredential(['domains.domain:read', 'domains.dns:read']);
    for (const [i, url] of ROUTES.entries()) {
      const res = await t.inject({ method: 'GET', url, headers: cred.headers });
      expect(res.statusCode).not.toBe(429);
      expect(res.headers['ratelimit-limit']).toBe(String(LIMIT));
      expect(res.headers['ratelimit-remaining']).toBe(String(LIMIT - i - 1));
    }
    for (const url of ROUTES) {
      const refused = await t.inject({ method: 'GET', url, headers: cred.headers });
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(refused.json()).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: expect.any(String),
        retryAfterSec: retryAfter,
      });
    }
    // Another credential has its own budget.
    const other = await t.newCredential(['domains.domain:read']);
    expect((await t.inject({ method: 'GET', url: '/v1/domains', headers: other.headers })).statusCode).toBe(
      200,
    );
  });
});
