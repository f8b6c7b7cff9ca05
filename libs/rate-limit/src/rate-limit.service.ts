import { Inject, Injectable, Logger } from '@nestjs/common';
import { PLATFORM_CONFIG, PlatformConfig } from '@platform/config';
import { REDIS, RedisKeys } from '@platform/database';
import { errorMessage } from '@platform/errors';
import Redis from 'ioredis';
import {
  RateLimitDecision,
  RateLimitPolicy,
  WindowCount,
  credentialKeyParts,
  ipKeyParts,
} from './rate-limit.policy';
import { FIXED_WINDOW_SCRIPT } from './fixed-window.script';

/** The script as a command of the shared client: ioredis sends EVALSHA and falls back to EVAL on NOSCRIPT. */
type RedisWithFixedWindow = Redis & {
  platformFixedWindow(key: string, windowMs: number): Promise<unknown>;
};

function toWindowCount(reply: unknown): WindowCount {
  if (!Array.isArray(reply) || reply.length !== 2)
    throw new Error(`unexpected rate-limit script reply ${String(reply)}`);
  const [count, ttlMs] = reply.map(Number);
  if (!Number.isFinite(count) || !Number.isFinite(ttlMs))
    throw new Error(`unexpected rate-limit script reply ${String(reply)}`);
  return { count, ttlMs };
}

/**
 * Counts requests against the per-credential and per-client-IP limits. Used by the interceptor and
 * the guard of this lib; a GraphQL service can call `consumeCredential` once per HTTP request.
 * Fails open: when Redis does not answer the request is served without rate-limit headers,
 * and the failure is logged (readiness already reports Redis down).
 */
@Injectable()
export class RateLimitService {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly credentialPolicy: RateLimitPolicy;

  private readonly redis: RedisWithFixedWindow;

  constructor(
    @Inject(REDIS) redis: Redis,
    private readonly keys: RedisKeys,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {
    if (!('platformFixedWindow' in redis))
      redis.defineCommand('platformFixedWindow', { numberOfKeys: 1, lua: FIXED_WINDOW_SCRIPT });
    this.redis = redis as RedisWithFixedWindow;
    this.credentialPolicy = new RateLimitPolicy(
      config.rateLimit.credentialLimit,
      config.rateLimit.credentialWindowSeconds,
    );
  }

  /** One request of the credential `tokenId`; undefined when Redis failed. */
  consumeCredential(tokenId: string): Promise<RateLimitDecision | undefined> {
    return this.consume(this.keys.key(...credentialKeyParts(tokenId)), this.credentialPolicy);
  }

  /** One request from `ip` to the route `method route`, limited to `perMinute` × RATE_LIMIT_IP_MULTIPLIER. */
  consumeIp(
    method: string,
    route: string,
    ip: string,
    perMinute: number,
  ): Promise<RateLimitDecision | undefined> {
    const policy = RateLimitPolicy.forIpRoute(perMinute, this.config.rateLimit.ipMultiplier);
    return this.consume(this.keys.key(...ipKeyParts(method, route, ip)), policy);
  }

  private async consume(key: string, policy: RateLimitPolicy): Promise<RateLimitDecision | undefined> {
    try {
      return policy.decide(await this.hit(key, policy.windowMs));
    } catch (e) {
      this.logger.warn(`rate limit not applied, Redis failed: ${errorMessage(e)}`);
      return undefined;
    }
  }

  private async hit(key: string, windowMs: number): Promise<WindowCount> {
    return toWindowCount(await this.redis.platformFixedWindow(key, windowMs));
  }
}
