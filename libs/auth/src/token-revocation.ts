import type { PlatformConfig } from '@platform/config';
import { errorMessage, withDeadline } from '@platform/errors';
import Redis from 'ioredis';

/** A revoked token, as told to every process that caches tokens. */
export interface TokenRevocation {
  readonly tokenId: string;
  /** Hex SHA-256 of the token: the cache key (the token itself is never sent). */
  readonly tokenHash: string;
}

/** Tells every process that caches tokens about a revocation; never throws. */
export interface TokenRevocationPublisher {
  publish(revocation: TokenRevocation): Promise<void>;
}

/** The part of PlatformConfig revocation messages need. */
export type RevocationConfig = Pick<PlatformConfig, 'redisUrl' | 'redisKeyPrefix' | 'serviceName'>;

/**
 * The pub/sub channel, under the key prefix: Redis channels ignore the database number, so the
 * prefix is what keeps environments (and test suites) sharing one Redis apart.
 */
export function tokenRevocationChannel(keyPrefix: string): string {
  return `${keyPrefix}:auth:token-revoked`;
}

export function encodeRevocation(revocation: TokenRevocation): string {
  return JSON.stringify({ tokenId: revocation.tokenId, tokenHash: revocation.tokenHash });
}

/** The revocation in a message, or undefined when the message is not one this version understands. */
export function decodeRevocation(message: string): TokenRevocation | undefined {
  try {
    const value = JSON.parse(message) as Partial<TokenRevocation> | null;
    if (typeof value?.tokenId !== 'string' || typeof value.tokenHash !== 'string') return undefined;
    if (!/^[0-9a-f]{64}$/.test(value.tokenHash)) return undefined;
    return { tokenId: value.tokenId, tokenHash: value.tokenHash };
  } catch {
    return undefined;
  }
}

/** How long a revocation waits for Redis before it is reported as not broadcast. */
const PUBLISH_TIMEOUT_MS = 2000;

/**
 * Publishes on a Redis client the caller owns. A failure (Redis unreachable) goes to `onError`:
 * the revocation is already committed, and caches still drop the token within their TTL.
 */
export class RedisTokenRevocationPublisher implements TokenRevocationPublisher {
  private readonly channel: string;

  constructor(
    private readonly redis: Redis,
    keyPrefix: string,
    private readonly onError: (error: Error) => void,
  ) {
    this.channel = tokenRevocationChannel(keyPrefix);
  }

  async publish(revocation: TokenRevocation): Promise<void> {
    try {
      await withDeadline(
        this.redis.publish(this.channel, encodeRevocation(revocation)),
        PUBLISH_TIMEOUT_MS,
        `Redis did not answer within ${PUBLISH_TIMEOUT_MS} ms`,
      );
    } catch (e) {
      this.onError(e instanceof Error ? e : new Error(errorMessage(e)));
    }
  }
}

/**
 * A publisher with its own connection, for a short-lived process without a shared Redis client
 * (the admin CLI): it connects at the first revocation only; close() it.
 */
export function openRevocationPublisher(
  config: RevocationConfig,
  onError: (error: Error) => void,
): TokenRevocationPublisher & { close(): void } {
  const redis = new Redis(config.redisUrl, {
    connectionName: `${config.serviceName}:revocations`,
    lazyConnect: true,
    connectTimeout: PUBLISH_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // One attempt: a CLI reports a failure rather than waiting for Redis to come back.
    retryStrategy: () => null,
  });
  // Connection errors reach onError through the failed publish; ioredis would also print them.
  redis.on('error', () => undefined);
  const publisher = new RedisTokenRevocationPublisher(redis, config.redisKeyPrefix, onError);
  return {
    publish: (revocation) => publisher.publish(revocation),
    // After a failed connection ioredis would keep a 2 s timer for a socket that is already gone.
    close: () => {
      if (redis.status !== 'end') redis.disconnect();
    },
  };
}
