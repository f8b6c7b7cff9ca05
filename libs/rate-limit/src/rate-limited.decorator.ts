import { SetMetadata } from '@nestjs/common';

export const RATE_LIMITED = 'platform:rate-limited';

/**
 * Counts every authenticated call of the route (or of every route of the controller) against the
 * caller's per-credential limit, and adds RateLimit-Limit/-Remaining/-Reset to its responses.
 * `@RateLimited(false)` on a method exempts it from its controller's `@RateLimited()`.
 */
export function RateLimited(enabled = true): MethodDecorator & ClassDecorator {
  return SetMetadata(RATE_LIMITED, enabled);
}
