import {
  RateLimitPolicy,
  assertIpPerMinute,
  credentialKeyParts,
  ipKeyParts,
  rateLimitHeaders,
  scaleIpLimit,
  xRateLimitHeaders,
} from './rate-limit.policy';

describe('RateLimitPolicy', () => {
  const policy = new RateLimitPolicy(3, 60);

  it('allows hits up to the limit and counts remaining down to zero', () => {
    expect([1, 2, 3].map((count) => policy.decide({ count, ttlMs: 30_000 }))).toEqual([
      expect.objectContaining({ allowed: true, remaining: 2 }),
      expect.objectContaining({ allowed: true, remaining: 1 }),
      expect.objectContaining({ allowed: true, remaining: 0 }),
    ]);
  });

  it('refuses the hit after the limit and keeps remaining at zero', () => {
    expect(policy.decide({ count: 4, ttlMs: 30_000 })).toEqual(
      expect.objectContaining({ allowed: false, limit: 3, remaining: 0 }),
    );
    expect(policy.decide({ count: 40, ttlMs: 30_000 }).remaining).toBe(0);
  });

  it('rounds the reset up to whole seconds', () => {
    expect(policy.decide({ count: 1, ttlMs: 59_001 }).resetSeconds).toBe(60);
    expect(policy.decide({ count: 1, ttlMs: 1 }).resetSeconds).toBe(1);
    expect(policy.decide({ count: 1, ttlMs: 0 }).resetSeconds).toBe(0);
  });

  it('reports a key without expiry as a full window', () => {
    expect(policy.decide({ count: 1, ttlMs: -1 }).resetSeconds).toBe(60);
  });

  it('never tells a refused caller to retry in less than one second', () => {
    expect(policy.decide({ count: 9, ttlMs: 0 }).retryAfterSeconds).toBe(1);
    expect(policy.decide({ count: 9, ttlMs: 12_300 }).retryAfterSeconds).toBe(13);
  });

  it('rejects a limit or window that is not a positive integer', () => {
    expect(() => new RateLimitPolicy(0, 60)).toThrow(RangeError);
    expect(() => new RateLimitPolicy(10, 1.5)).toThrow(RangeError);
  });

  it('builds the per-IP policy from perMinute and the multiplier over a 60 s window', () => {
    const ip = RateLimitPolicy.forIpRoute(10, 2.5);
    expect([ip.limit, ip.windowSeconds, ip.windowMs]).toEqual([25, 60, 60_000]);
  });
});

describe('per-IP limits', () => {
  it('accepts 10 to 120 requests per minute', () => {
    expect(() => assertIpPerMinute(10)).not.toThrow();
    expect(() => assertIpPerMinute(120)).not.toThrow();
  });

  it('rejects values outside 10 to 120 and fractions', () => {
    for (const bad of [9, 121, 0, -5, 10.5, Number.NaN])
      expect(() => assertIpPerMinute(bad)).toThrow(RangeError);
  });

  it('scales by the multiplier, rounding up', () => {
    expect(scaleIpLimit(10, 1)).toBe(10);
    expect(scaleIpLimit(10, 1.1)).toBe(11);
    expect(scaleIpLimit(10, 1.15)).toBe(12);
    expect(scaleIpLimit(120, 100)).toBe(12_000);
    expect(scaleIpLimit(10, 0.01)).toBe(1);
  });

  it('rejects a multiplier that is not positive', () => {
    expect(() => scaleIpLimit(10, 0)).toThrow(RangeError);
  });
});

describe('headers and keys', () => {
  const decision = { allowed: true, limit: 600, remaining: 599, resetSeconds: 1380, retryAfterSeconds: 1380 };

  it('names the per-credential headers RateLimit-*', () => {
    expect(rateLimitHeaders(decision)).toEqual({
      'RateLimit-Limit': '600',
      'RateLimit-Remaining': '599',
      'RateLimit-Reset': '1380',
    });
  });

  it('names the per-IP headers X-RateLimit-*', () => {
    expect(xRateLimitHeaders(decision)).toEqual({
      'X-RateLimit-Limit': '600',
      'X-RateLimit-Remaining': '599',
      'X-RateLimit-Reset': '1380',
    });
  });

  it('keys a credential by token id and an IP by method, route template and address', () => {
    expect(credentialKeyParts('tok-1')).toEqual(['rl', 'cred', 'tok-1']);
    expect(ipKeyParts('get', '/v1/hosting/apps/:appId/logs', '::1')).toEqual([
      'rl',
      'ip',
      'GET',
      '/v1/hosting/apps/:appId/logs',
      '::1',
    ]);
  });
});
