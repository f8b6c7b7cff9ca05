import type { IpRateLimitOptions } from '@platform/rate-limit';

/**
 * Per-client-IP limits of hosting routes (requests per minute, before RATE_LIMIT_IP_MULTIPLIER),
 * the earlier namespace's published values (public-counterparts §3.3): writes 10, reads 60,
 * polling an operation or job 120. docs/hosting.md lists them per route.
 */
export const HOSTING_RATE_LIMITS = {
  write: { perMinute: 10 },
  read: { perMinute: 60 },
  poll: { perMinute: 120 },
} as const satisfies Record<string, IpRateLimitOptions>;
