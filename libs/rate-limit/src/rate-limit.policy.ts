/**
 * The arithmetic of the platform's rate limits, free of Nest and Redis: what a counter reading
 * means (allowed or not, remaining, reset), the header sets of the spec, the per-IP limit range
 * and its scaling, and the Redis key layout.
 */

/** One reading of a fixed-window counter: hits so far in the window and milliseconds until it ends. */
export interface WindowCount {
  readonly count: number;
  /** PTTL of the window key; negative when Redis reports no expiry (treated as a full window). */
  readonly ttlMs: number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  /** Requests left in the window after this one; never below 0. */
  readonly remaining: number;
  /** Whole seconds until the window resets (rounded up), 0 to windowSeconds. */
  readonly resetSeconds: number;
  /** What Retry-After says when the call is refused: the reset, at least 1 s. */
  readonly retryAfterSeconds: number;
}

/** The spec's per-client-IP range for hosting operations: 10 to 120 requests per minute. */
export const IP_PER_MINUTE_MIN = 10;
export const IP_PER_MINUTE_MAX = 120;
export const IP_WINDOW_SECONDS = 60;

function assertPositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
}

/** A limit of `limit` requests per fixed window of `windowSeconds`. */
export class RateLimitPolicy {
  constructor(
    readonly limit: number,
    readonly windowSeconds: number,
  ) {
    assertPositiveInteger('limit', limit);
    assertPositiveInteger('windowSeconds', windowSeconds);
  }

  /** The policy of a route marked `@IpRateLimit({ perMinute })` under RATE_LIMIT_IP_MULTIPLIER. */
  static forIpRoute(perMinute: number, multiplier: number): RateLimitPolicy {
    return new RateLimitPolicy(scaleIpLimit(perMinute, multiplier), IP_WINDOW_SECONDS);
  }

  get windowMs(): number {
    return this.windowSeconds * 1000;
  }

  /** The request that produced `hit` is allowed while the count stays within the limit. */
  decide(hit: WindowCount): RateLimitDecision {
    const resetSeconds =
      hit.ttlMs < 0 ? this.windowSeconds : Math.min(this.windowSeconds, Math.ceil(hit.ttlMs / 1000));
    return {
      allowed: hit.count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - hit.count),
      resetSeconds,
      retryAfterSeconds: Math.max(1, resetSeconds),
    };
  }
}

/** Throws unless `perMinute` is an integer in the spec's 10–120 range. */
export function assertIpPerMinute(perMinute: number): void {
  if (!Number.isInteger(perMinute) || perMinute < IP_PER_MINUTE_MIN || perMinute > IP_PER_MINUTE_MAX) {
    throw new RangeError(
      `@IpRateLimit perMinute must be an integer from ${IP_PER_MINUTE_MIN} to ${IP_PER_MINUTE_MAX}, got ${perMinute}`,
    );
  }
}

/** ceil(perMinute × multiplier), at least 1. */
export function scaleIpLimit(perMinute: number, multiplier: number): number {
  if (!Number.isFinite(multiplier) || multiplier <= 0)
    throw new RangeError(`multiplier must be positive, got ${multiplier}`);
  // The epsilon keeps binary noise (10 × 1.1 = 11.000000000000002) from rounding up a whole number.
  return Math.max(1, Math.ceil(perMinute * multiplier - 1e-9));
}

/** RateLimit-* headers: every response of a per-credential route, and every 429. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(decision.limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  };
}

/** X-RateLimit-* headers: every response of a per-client-IP (hosting) route. */
export function xRateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.resetSeconds),
  };
}

/** Key parts (after REDIS_KEY_PREFIX) of a credential's window: `rl:cred:<tokenId>`. */
export function credentialKeyParts(tokenId: string): string[] {
  return ['rl', 'cred', tokenId];
}

/** Key parts of one client IP's window on one route: `rl:ip:<METHOD>:<route template>:<ip>`. */
export function ipKeyParts(method: string, route: string, ip: string): string[] {
  return ['rl', 'ip', method.toUpperCase(), route, ip];
}
