import type { TestCredential } from '@platform/testing';
import { ALL_HOSTING_SCOPES, HostingTestApp, startHostingTestApp } from './support/hosting-test-app';

describe('hosting per-client-IP rate limits (real Redis)', () => {
  let t: HostingTestApp;
  let cred: TestCredential;

  beforeAll(async () => {
    t = await startHostingTestApp('hosting-rate-limit', { RATE_LIMIT_IP_MULTIPLIER: '1' });
    cred = await t.newCredential(ALL_HOSTING_SCOPES);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('POST /v1/hosting/apps: 10 per minute per IP with X-RateLimit-*, then 429 in the commerce shape', async () => {
    // The inject client is loopback, so X-Forwarded-For names the client (as behind the gateway).
    const headers = { ...cred.headers, 'x-forwarded-for': '203.0.113.7' };
    for (let i = 1; i <= 10; i += 1) {
      const res = await t.inject({
        method: 'POST',
        url: '/v1/hosting/apps?appType=NODEJS',
        headers,
        payload: { name: `app ${i}` },
      });
      expect(res.statusCode).toBe(202);
      expect(res.headers['x-ratelimit-limit']).toBe('10');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(10 - i));
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    }
    const limited = await t.inject({
      method: 'POST',
      url: '/v1/hosting/apps?appType=NODEJS',
      headers,
      payload: { name: 'one too many' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    const body = limited.json() as { name: string; details: { issue: string }[] };
    expect(body.name).toBe('TOO_MANY_REQUESTS');
    expect(body.details[0].issue).toBe('TOO_MANY_REQUESTS');

    // Another client address, and another route, have their own budgets.
    const elsewhere = await t.inject({
      method: 'POST',
      url: '/v1/hosting/apps?appType=NODEJS',
      headers: { ...cred.headers, 'x-forwarded-for': '203.0.113.8' },
      payload: { name: 'ok' },
    });
    expect(elsewhere.statusCode).toBe(202);
    const read = await t.inject({ method: 'GET', url: '/v1/hosting/apps', headers });
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-ratelimit-limit']).toBe('60');
  });
});
