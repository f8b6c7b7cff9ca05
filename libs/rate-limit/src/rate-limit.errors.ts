import { CommonErrorCode, PlatformError } from '@platform/errors';
import { RateLimitDecision, rateLimitHeaders } from './rate-limit.policy';

export const RateLimitErrors = {
  /** The spec's per-credential 429: RateLimit-* and Retry-After, no body. */
  credentialLimitExceeded(decision: RateLimitDecision, withBody = false): PlatformError {
    return new PlatformError({
      status: 429,
      code: CommonErrorCode.TOO_MANY_REQUESTS,
      message: `the rate limit of this credential is exhausted; retry after ${decision.retryAfterSeconds} s`,
      headers: rateLimitHeaders(decision),
      retryAfterSec: decision.retryAfterSeconds,
      emptyBody: !withBody,
    });
  },
  /** The per-client-IP 429: RateLimit-* and Retry-After, and a body (ErrorLimit in the domains shape). */
  ipLimitExceeded(decision: RateLimitDecision): PlatformError {
    return new PlatformError({
      status: 429,
      code: CommonErrorCode.TOO_MANY_REQUESTS,
      message: `too many requests from this address; retry after ${decision.retryAfterSeconds} s`,
      headers: rateLimitHeaders(decision),
      retryAfterSec: decision.retryAfterSeconds,
    });
  },
};
