export { CredentialRateLimitCheck } from './credential-rate-limit.check';
export { IP_RATE_LIMIT, IpRateLimit } from './ip-rate-limit.decorator';
export type { IpRateLimitOptions } from './ip-rate-limit.decorator';
export { IpRateLimitGuard } from './ip-rate-limit.guard';
export { RateLimitErrors } from './rate-limit.errors';
export { RateLimitModule } from './rate-limit.module';
export {
  IP_PER_MINUTE_MAX,
  IP_PER_MINUTE_MIN,
  IP_WINDOW_SECONDS,
  RateLimitPolicy,
  assertIpPerMinute,
  credentialKeyParts,
  ipKeyParts,
  rateLimitHeaders,
  scaleIpLimit,
  xRateLimitHeaders,
} from './rate-limit.policy';
export type { RateLimitDecision, WindowCount } from './rate-limit.policy';
export { FIXED_WINDOW_SCRIPT } from './fixed-window.script';
export { RateLimitService } from './rate-limit.service';
export { RATE_LIMITED, RateLimited } from './rate-limited.decorator';
export type { RateLimitedOptions } from './rate-limited.decorator';
