import { PlatformConfig, loadPlatformConfig } from '@platform/config';
import { TestDatabase, createTestDatabase } from './test-database';
import { TestRedis, createTestRedis } from './test-redis';

export interface TestEnv {
  readonly db: TestDatabase;
  readonly redis: TestRedis;
  /** The environment a service of this suite runs with (DATABASE_URL, REDIS_KEY_PREFIX, …). */
  readonly env: Record<string, string>;
  /** A validated PlatformConfig for `serviceName` over this suite's database and Redis prefix. */
  config(serviceName: string, overrides?: Record<string, string>): PlatformConfig;
  /** Drops the database and deletes the Redis keys. */
  teardown(): Promise<void>;
}

/** Fixed, test-only encryption key (never used outside tests). */
export const TEST_ENCRYPTION_KEY = '0f'.repeat(32);

/** A real, isolated Postgres database and Redis key prefix for one suite. */
export async function createTestEnv(label: string, overrides: Record<string, string> = {}): Promise<TestEnv> {
  const db = await createTestDatabase(label);
  const redis = createTestRedis(label);
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: redis.prefix,
    SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MIGRATIONS: 'auto',
    DB_POOL_SIZE: '4',
    ...overrides,
  };
  return {
    db,
    redis,
    env,
    config: (serviceName, more = {}) =>
      loadPlatformConfig({ serviceName, defaultPort: 0, env: { ...env, ...more } }),
    async teardown() {
      await Promise.allSettled([db.drop(), redis.cleanup()]);
    },
  };
}
