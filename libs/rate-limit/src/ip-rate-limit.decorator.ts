import { SetMetadata } from '@nestjs/common';
import { assertIpPerMinute } from './rate-limit.policy';

export const IP_RATE_LIMIT = 'platform:ip-rate-limit';

export interface IpRateLimitOptions {
  /** Requests per minute per client IP, 10 to 120 (the spec's hosting range), before RATE_LIMIT_IP_MULTIPLIER. */
  readonly perMinute: number;
}

/**
 * Limits calls of the route per client IP (request.ip, so X-Forwarded-For behind the ingress) and
 * adds X-RateLimit-Limit/-Remaining/-Reset to its responses. Checked before authentication.
 * A perMinute outside 10–120 throws when the class is defined, so a bad value never boots.
 */
export function IpRateLimit(options: IpRateLimitOptions): MethodDecorator & ClassDecorator {
  assertIpPerMinute(options.perMinute);
  return SetMetadata(IP_RATE_LIMIT, { perMinute: options.perMinute } satisfies IpRateLimitOptions);
}
