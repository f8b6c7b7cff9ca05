import { Controller, Get, Param } from '@nestjs/common';
import { Errors } from '@platform/errors';
import { IpRateLimit } from '../src';
import { TestEnv, createTestEnv } from '@platform/testing';
import { RateLimitTestApp, startRateLimitTestApp } from './support/rate-limit-test-app';

@Controller('hosting/apps')
class HostingTestController {
  @Get()
  @IpRateLimit({ perMinute: 10 })
  list(): { items: [] } {
    return { items: [] };
  }

  @Get(':appId/logs')
  @IpRateLimit({ perMinute: 10 })
  logs(@Param('appId') appId: string): { appId: string } {
    return { appId };
  }

  @Get(':appId/status')
  @IpRateLimit({ perMinute: 20 })
  status(@Param('appId') appId: string): never {
    throw Errors.notFound(`no app ${appId}`);
  }

  @Get(':appId')
  read(@Param('appId') appId: string): { appId: string } {
    return { appId };
  }
}

const xHeaders = (headers: Record<string, unknown>) => ({
  limit: headers['x-ratelimit-limit'],
  remaining: headers['x-ratelimit-remaining'],
  reset: headers['x-ratelimit-reset'],
});

describe('per-client-IP rate limit (X-RateLimit-* headers, ErrorLimit 429)', () => {
  let env: TestEnv;
  let service: RateLimitTestApp;
  let token: string;
  let nextIp = 1;

  /** A client address no other test used, so each test starts with full windows. */
  const freshIp = () => `203.0.113.${nextIp++}`;
  const get = (app: RateLimitTestApp, url: string, ip: string, bearer: string | null = token) =>
    app.app.inject({
      method: 'GET',
      url,
      headers: { 'x-forwarded-for': ip, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    });

  beforeAll(async () => {
    env = await createTestEnv('rate-limit-ip');
    service = await startRateLimitTestApp(env, {
      errorFamily: 'domains',
      controllers: [HostingTestController],
      env: { RATE_LIMIT_IP_MULTIPLIER: '1' },
    });
    token = (await service.newCredential()).token;
  });

  afterAll(async () => {
    await service?.close();
    await env?.teardown();
  });

  it('serves exactly perMinute of 3×perMinute parallel calls from one address', async () => {
    const ip = freshIp();
    const responses = await Promise.all(Array.from({ length: 30 }, () => get(service, '/hosting/apps', ip)));
    const ok = responses.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(20);
    expect(ok.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('puts X-RateLimit-* on every response of the route, with a reset inside the minute', async () => {
    const ip = freshIp();
    const first = await get(service, '/hosting/apps', ip);
    const second = await get(service, '/hosting/apps', ip);
    expect([xHeaders(first.headers), xHeaders(second.headers)]).toEqual([
      { limit: '10', remaining: '9', reset: expect.any(String) },
      { limit: '10', remaining: '8', reset: expect.any(String) },
    ]);
    const reset = Number(second.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);
    expect(first.headers['ratelimit-limit']).toBeUndefined();
  });

  it('answers the call over the limit 429 with RateLimit-*, Retry-After and an ErrorLimit body', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) expect((await get(service, '/hosting/apps', ip)).statusCode).toBe(200);
    const r = await get(service, '/hosting/apps', ip);
    expect(r.statusCode).toBe(429);
    const body = r.json<{ code: string; message: string; retryAfterSec: number }>();
    expect(body).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: expect.any(String),
      retryAfterSec: expect.any(Number),
    });
    expect(body.retryAfterSec).toBeGreaterThan(0);
    expect(body.retryAfterSec).toBeLessThanOrEqual(60);
    expect(r.headers['retry-after']).toBe(String(body.retryAfterSec));
    expect({
      limit: r.headers['ratelimit-limit'],
      remaining: r.headers['ratelimit-remaining'],
      reset: r.headers['ratelimit-reset'],
    }).toEqual({ limit: '10', remaining: '0', reset: String(body.retryAfterSec) });
    expect(xHeaders(r.headers)).toEqual({ limit: '10', remaining: '0', reset: String(body.retryAfterSec) });
  });

  it('keeps separate windows per address and per route, one per route template', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await get(service, '/hosting/apps/A/logs', ip);
    for (let i = 0; i < 5; i++) await get(service, '/hosting/apps/B/logs', ip);
    expect((await get(service, '/hosting/apps/C/logs', ip)).statusCode).toBe(429);
    const otherRoute = await get(service, '/hosting/apps', ip);
    const otherIp = await get(service, '/hosting/apps/A/logs', freshIp());
    expect([otherRoute.statusCode, otherRoute.headers['x-ratelimit-remaining']]).toEqual([200, '9']);
    expect([otherIp.statusCode, otherIp.headers['x-ratelimit-remaining']]).toEqual([200, '9']);
  });

  it('puts the headers on an error response of the route', async () => {
    const r = await get(service, '/hosting/apps/A/status', freshIp());
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(xHeaders(r.headers)).toEqual({ limit: '20', remaining: '19', reset: expect.any(String) });
  });

  it('leaves routes without @IpRateLimit unlimited and unmarked', async () => {
    const r = await get(service, '/hosting/apps/A', freshIp());
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('checks the address before the credential: an unauthenticated flood gets 429 once over the limit', async () => {
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: 15 }, () => get(service, '/hosting/apps', ip, null)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    for (const r of responses.filter((x) => x.statusCode === 401))
      expect(r.headers['x-ratelimit-limit']).toBe('10');
    // The bad credential was never looked at for the refused calls, and a good one is refused too.
    expect((await get(service, '/hosting/apps', ip)).statusCode).toBe(429);
  });

  describe('with RATE_LIMIT_IP_MULTIPLIER=2.5', () => {
    let scaled: RateLimitTestApp;

    beforeAll(async () => {
      scaled = await startRateLimitTestApp(env, {
        errorFamily: 'domains',
        controllers: [HostingTestController],
        env: { RATE_LIMIT_IP_MULTIPLIER: '2.5' },
      });
    });

    afterAll(async () => {
      await scaled?.close();
    });

    it('scales the limit to ceil(perMinute × multiplier)', async () => {
      const ip = freshIp();
      const responses = await Promise.all(Array.from({ length: 40 }, () => get(scaled, '/hosting/apps', ip)));
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(25);
      expect(responses.filter((r) => r.statusCode === 429)).toHaveLength(15);
      expect(new Set(responses.map((r) => r.headers['x-ratelimit-limit']))).toEqual(new Set(['25']));
    });
  });
});
