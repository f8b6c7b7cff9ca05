import { SetMetadata } from '@nestjs/common';

export const RATE_LIMITED = 'platform:rate-limited';

export interface RateLimitedOptions {
  /**
   * Answer the exhausted limit with a body (the domains ErrorLimit: code, message, retryAfterSec)
   * instead of the spec's default empty 429; areas whose contract shapes their 429 (mailboxes) use it.
   */
  readonly errorBody: boolean;
}

/**
 * Counts every authenticated call of the route (or of every route of the controller) against the
 * caller's per-credential limit, and adds RateLimit-Limit/-Remaining/-Reset to its responses.
 * `@RateLimited(false)` on a method exempts it from its controller's `@RateLimited()`.
 */
export function RateLimited(enabled: boolean | RateLimitedOptions = true): MethodDecorator & ClassDecorator {
  return SetMetadata(RATE_LIMITED, enabled);
}
