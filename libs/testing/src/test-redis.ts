import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';

export interface TestRedis {
  readonly url: string;
  /** Unique key prefix of this suite; pass it as REDIS_KEY_PREFIX. */
  readonly prefix: string;
  /** Deletes every key under the prefix. */
  cleanup(): Promise<void>;
}

const testRedisUrl = (): string => process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A short-lived connection to the tests' Redis for `work` (closed after it). */
export async function withTestRedis<T>(work: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 2 });
  try {
    return await work(redis);
  } finally {
    redis.disconnect();
  }
}

export function createTestRedis(label: string): TestRedis {
  const url = testRedisUrl();
  const prefix = `t-${label.replace(/[^A-Za-z0-9_.-]+/g, '-').slice(0, 24)}-${randomBytes(4).toString('hex')}`;
  return {
    url,
    prefix,
    cleanup: () =>
      withTestRedis(async (redis) => {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
          cursor = next;
          if (keys.length) await redis.del(...keys);
        } while (cursor !== '0');
      }),
  };
}
