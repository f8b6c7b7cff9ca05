import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Controller, Get } from '@nestjs/common';
import { Errors } from '@platform/errors';
import { FIXED_WINDOW_SCRIPT, RateLimited } from '../src';
import { TestEnv, createTestEnv, waitFor } from '@platform/testing';
import Redis from 'ioredis';
import { RateLimitTestApp, startRateLimitTestApp } from './support/rate-limit-test-app';

/** scripts/chaos/infra.js (plain JavaScript): a redis-server of this suite alone, on a free port. */
const { startRedis: startPrivateRedis } = require(join(__dirname, '../../../scripts/chaos/infra.js')) as {
  startRedis(): Promise<{ url: string; stop(): Promise<void> }>;
};

@RateLimited()
@Controller('limited')
class LimitedController {
  @Get()
  read(): { ok: true } {
    return { ok: true };
  }

  @Get('missing')
  missing(): never {
    throw Errors.notFound('no such thing');
  }

  @Get('exempt')
  @RateLimited(false)
  exempt(): { ok: true } {
    return { ok: true };
  }
}

@Controller('open')
class OpenController {
  @Get()
  read(): { ok: true } {
    return { ok: true };
  }
}

const LIMIT = 20;
const WINDOW_S = 600;

describe('per-credential rate limit (RateLimit-* headers, empty 429)', () => {
  let env: TestEnv;
  let service: RateLimitTestApp;

  const get = (url: string, token?: string) =>
    service.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  beforeAll(async () => {
    env = await createTestEnv('rate-limit-cred');
    service = await startRateLimitTestApp(env, {
      errorFamily: 'commerce',
      controllers: [LimitedController, OpenController],
      env: { RATE_LIMIT_CREDENTIAL_LIMIT: String(LIMIT), RATE_LIMIT_CREDENTIAL_WINDOW_S: String(WINDOW_S) },
    });
  });

  afterAll(async () => {
    await service?.close();
    await env?.teardown();
  });

  it('serves exactly `limit` of 3×limit parallel calls and refuses the rest with an empty 429', async () => {
    const { token } = await service.newCredential();
    const responses = await Promise.all(Array.from({ length: LIMIT * 3 }, () => get('/limited', token)));
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(LIMIT);
    expect(refused).toHaveLength(LIMIT * 2);
    // Every remaining value from limit-1 down to 0 was handed out exactly once.
    expect(ok.map((r) => Number(r.headers['ratelimit-remaining'])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: LIMIT }, (_, i) => i),
    );
    for (const r of refused) {
      expect(r.payload).toBe('');
      expect(r.headers['ratelimit-limit']).toBe(String(LIMIT));
      expect(r.headers['ratelimit-remaining']).toBe('0');
      const reset = Number(r.headers['ratelimit-reset']);
      expect(reset).toBeGreaterThan(0);
      expect(reset).toBeLessThanOrEqual(WINDOW_S);
      expect(Number(r.headers['retry-after'])).toBe(reset);
    }
  });

  it('counts remaining down by one per call with a reset inside the window', async () => {
    const { token } = await service.newCredential();
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const r = await get('/limited', token);
      expect(r.statusCode).toBe(200);
      seen.push({
        limit: r.headers['ratelimit-limit'],
        remaining: r.headers['ratelimit-remaining'],
        reset: Number(r.headers['ratelimit-reset']),
      });
    }
    expect(seen.map((s) => [s.limit, s.remaining])).toEqual([
      [String(LIMIT), String(LIMIT - 1)],
      [String(LIMIT), String(LIMIT - 2)],
      [String(LIMIT), String(LIMIT - 3)],
    ]);
    for (const s of seen) {
      expect(Number.isInteger(s.reset)).toBe(true);
      expect(s.reset).toBeGreaterThan(WINDOW_S - 30);
      expect(s.reset).toBeLessThanOrEqual(WINDOW_S);
    }
  });

  it('leaves another credential untouched when one is exhausted', async () => {
    const exhausted = await service.newCredential();
    await Promise.all(Array.from({ length: LIMIT }, () => get('/limited', exhausted.token)));
    expect((await get('/limited', exhausted.token)).statusCode).toBe(429);
    const other = await service.newCredential();
    const r = await get('/limited', other.token);
    expect(r.statusCode).toBe(200);
    expect(r.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('puts the headers on an error response the handler throws, and counts it', async () => {
    const { token } = await service.newCredential();
    const r = await get('/limited/missing', token);
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual(expect.objectContaining({ name: 'NOT_FOUND' }));
    expect(r.headers['ratelimit-limit']).toBe(String(LIMIT));
    expect(r.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
    expect(Number(r.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect((await get('/limited', token)).headers['ratelimit-remaining']).toBe(String(LIMIT - 2));
  });

  it('neither counts nor marks routes without @RateLimited() or exempted with @RateLimited(false)', async () => {
    const { token } = await service.newCredential();
    const open = await get('/open', token);
    const exempt = await get('/limited/exempt', token);
    expect([open.statusCode, exempt.statusCode]).toEqual([200, 200]);
    expect(open.headers['ratelimit-limit']).toBeUndefined();
    expect(exempt.headers['ratelimit-limit']).toBeUndefined();
    expect((await get('/limited', token)).headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('answers an unauthenticated call 401 without rate-limit headers', async () => {
    const r = await get('/limited');
    expect(r.statusCode).toBe(401);
    expect(r.headers['ratelimit-limit']).toBeUndefined();
  });

  describe('on a Redis of its own that forgets its scripts (SCRIPT FLUSH, as a restart does)', () => {
    let own: RateLimitTestApp;
    let redis: { url: string; stop(): Promise<void> };
    let admin: Redis;

    beforeAll(async () => {
      redis = await startPrivateRedis();
      admin = new Redis(redis.url);
      own = await startRateLimitTestApp(env, {
        errorFamily: 'commerce',
        controllers: [LimitedController],
        env: { REDIS_URL: redis.url, RATE_LIMIT_CREDENTIAL_LIMIT: String(LIMIT) },
      });
    });

    afterAll(async () => {
      await own?.close();
      admin?.disconnect();
      await redis?.stop();
    });

    it('loads the script again and keeps counting', async () => {
      const { token } = await own.newCredential();
      const call = () =>
        own.app.inject({ method: 'GET', url: '/limited', headers: { authorization: `Bearer ${token}` } });
      expect((await call()).headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
      await admin.script('FLUSH');
      expect(
        await admin.script('EXISTS', createHash('sha1').update(FIXED_WINDOW_SCRIPT).digest('hex')),
      ).toEqual([0]);
      const after = await call();
      expect(after.statusCode).toBe(200);
      expect(after.headers['ratelimit-remaining']).toBe(String(LIMIT - 2));
    });
  });

  describe('with a 1 s window', () => {
    let short: RateLimitTestApp;

    beforeAll(async () => {
      short = await startRateLimitTestApp(env, {
        errorFamily: 'commerce',
        controllers: [LimitedController],
        env: { RATE_LIMIT_CREDENTIAL_LIMIT: '2', RATE_LIMIT_CREDENTIAL_WINDOW_S: '1' },
      });
    });

    afterAll(async () => {
      await short?.close();
    });

    it('serves the credential again once the window has expired', async () => {
      const { token } = await short.newCredential();
      const call = () =>
        short.app.inject({ method: 'GET', url: '/limited', headers: { authorization: `Bearer ${token}` } });
      expect([(await call()).statusCode, (await call()).statusCode, (await call()).statusCode]).toEqual([
        200, 200, 429,
      ]);
      const next = await waitFor(
        async () => {
          const r = await call();
          return r.statusCode === 200 ? r : false;
        },
        { timeoutMs: 5000, intervalMs: 100, what: 'a new window' },
      );
      expect(next.headers['ratelimit-remaining']).toBe('1');
      expect(Number(next.headers['ratelimit-reset'])).toBeLessThanOrEqual(1);
    });
  });
});
