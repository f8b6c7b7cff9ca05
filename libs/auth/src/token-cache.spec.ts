import { join } from 'node:path';
import type { PlatformConfig } from '@platform/config';
import { dataSourceOptions, runMigrations } from '@platform/database';
import { PlatformError } from '@platform/errors';
import { TestEnv, createTestEnv, waitFor } from '@platform/testing';
import Redis from 'ioredis';
import { DataSource, Logger } from 'typeorm';
import { AUTH_MIGRATION_SET } from './auth.migration-set';
import { CachedToken, TokenCache } from './token-cache';
import { generateToken } from './token-format';
import { openRevocationPublisher } from './token-revocation';
import { TokenRevocationSubscriber } from './token-revocation-subscriber';
import { IssuedToken, TokenService } from './token.service';

/** A DataSource whose logger counts the statements it runs: the test sees every database read. */
async function countingDataSource(url: string, name: string): Promise<{ ds: DataSource; reads(): number }> {
  let count = 0;
  const ignore = (): void => undefined;
  const logger: Logger = {
    logQuery: () => void count++,
    logQueryError: ignore,
    logQuerySlow: ignore,
    logSchemaBuild: ignore,
    logMigration: ignore,
    log: ignore,
  };
  const ds = await new DataSource({
    ...dataSourceOptions({ url, applicationName: name, poolSize: 2 }, [AUTH_MIGRATION_SET]),
    logger,
  }).initialize();
  return { ds, reads: () => count };
}

/** One service process as far as tokens go: its own DataSource, cache and subscriber connection. */
interface Replica {
  readonly ds: DataSource;
  readonly tokens: TokenService;
  readonly cache: TokenCache;
  /** Statements run so far on this replica's DataSource (only token reads: nothing else runs there). */
  reads(): number;
  close(): Promise<void>;
}

async function startReplica(
  dbUrl: string,
  config: PlatformConfig,
  opts: { ttlMs?: number; clock?: () => Date } = {},
): Promise<Replica> {
  const { ds, reads } = await countingDataSource(dbUrl, config.serviceName);
  const cache = new TokenCache(opts.ttlMs ?? 60_000);
  const subscriber = new TokenRevocationSubscriber(cache, config);
  subscriber.start();
  await waitFor(() => cache.isLive, { timeoutMs: 5000, intervalMs: 10, what: 'the subscription' });
  return {
    ds,
    tokens: new TokenService(ds, { cache, clock: opts.clock }),
    cache,
    reads,
    async close() {
      await subscriber.stop();
      await ds.destroy();
    },
  };
}

async function refused(promise: Promise<unknown>): Promise<boolean> {
  try {
    await promise;
    return false;
  } catch (e) {
    if (e instanceof PlatformError && e.status === 401) return true;
    throw e;
  }
}

/** Database statements `run` caused on `replica`. */
async function readsDuring(replica: Replica, run: () => Promise<unknown>): Promise<number> {
  const before = replica.reads();
  await run();
  return replica.reads() - before;
}

describe('TokenCache (pure)', () => {
  const entry: CachedToken = { principal: { accountId: 'a', tokenId: 't', scopes: [] }, expiresAt: null };

  it('serves and keeps nothing until it is resumed', () => {
    const cache = new TokenCache(60_000);
    cache.fill('h', entry, cache.ticket());
    expect(cache.size).toBe(0);
    cache.resume();
    cache.fill('h', entry, cache.ticket());
    expect(cache.get('h')).toBe(entry);
  });

  it('drops a database read that raced an eviction, so a revoked token is not put back', () => {
    const cache = new TokenCache(60_000);
    cache.resume();
    const ticket = cache.ticket();
    cache.evict('other');
    cache.fill('h', entry, ticket);
    expect(cache.get('h')).toBeUndefined();
  });

  it('empties itself when suspended and serves nothing until resumed', () => {
    const cache = new TokenCache(60_000);
    cache.resume();
    cache.fill('h', entry, cache.ticket());
    cache.suspend();
    expect(cache.size).toBe(0);
    cache.fill('h', entry, cache.ticket());
    expect(cache.get('h')).toBeUndefined();
  });

  it('keeps at most its maximum number of tokens, least recently used out first', () => {
    const cache = new TokenCache(60_000, 2);
    cache.resume();
    for (const key of ['a', 'b', 'c']) cache.fill(key, entry, cache.ticket());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('token cache with TokenService (real Postgres and Redis)', () => {
  let env: TestEnv;
  let admin: TokenService;
  let adminDs: DataSource;
  let closeAdmin: () => void;
  let accountId: string;
  const replicas: Replica[] = [];

  beforeAll(async () => {
    env = await createTestEnv('auth-token-cache');
    await runMigrations({ url: env.db.url, applicationName: 'test' }, [AUTH_MIGRATION_SET]);
    adminDs = await new DataSource(
      dataSourceOptions({ url: env.db.url, applicationName: 'admin', poolSize: 2 }, [AUTH_MIGRATION_SET]),
    ).initialize();
    // As the admin CLI: revocations are published on the suite's Redis prefix.
    const publisher = openRevocationPublisher(env.config('admin-cli'), (e) => {
      throw e;
    });
    closeAdmin = () => publisher.close();
    admin = new TokenService(adminDs, { revocations: publisher });
    accountId = (await admin.createAccount('cache')).accountId;
  });

  afterAll(async () => {
    await Promise.allSettled(replicas.map((r) => r.close()));
    closeAdmin?.();
    await adminDs?.destroy();
    await env?.teardown();
  });

  async function replica(name: string, opts: { ttlMs?: number; clock?: () => Date } = {}): Promise<Replica> {
    const started = await startReplica(env.db.url, env.config(`${env.redis.prefix}-${name}`), opts);
    replicas.push(started);
    return started;
  }

  const issue = (expiresInSeconds?: number): Promise<IssuedToken> =>
    admin.issue({ accountId, scopes: ['commerce.store:read'], expiresInSeconds });

  describe('in one process', () => {
    let one: Replica;
    let now = new Date();
    beforeAll(async () => {
      one = await replica('one', { clock: () => now });
    });
    beforeEach(() => {
      now = new Date();
    });

    it('serves a cached token without reading the database', async () => {
      const { token, tokenId } = await issue();
      expect(await readsDuring(one, () => one.tokens.authenticate(token))).toBe(1);
      let principal: unknown;
      expect(
        await readsDuring(one, async () => {
          principal = await one.tokens.authenticate(token);
        }),
      ).toBe(0);
      expect(principal).toEqual({ accountId, tokenId, scopes: ['commerce.store:read'] });
    });

    it('refuses a cached token once it has expired, by the clock and without reading the database', async () => {
      const { token, expiresAt } = await issue(60);
      const expiry = Date.parse(String(expiresAt));
      expect(await readsDuring(one, () => one.tokens.authenticate(token))).toBe(1);
      now = new Date(expiry - 1);
      expect(await readsDuring(one, () => one.tokens.authenticate(token))).toBe(0);
      now = new Date(expiry);
      let wasRefused = false;
      expect(
        await readsDuring(one, async () => {
          wasRefused = await refused(one.tokens.authenticate(token));
        }),
      ).toBe(0);
      expect(wasRefused).toBe(true);
    });

    it('never caches an unknown token', async () => {
      const unknown = generateToken();
      const size = one.cache.size;
      for (let i = 0; i < 3; i++) {
        expect(await readsDuring(one, () => refused(one.tokens.authenticate(unknown)))).toBe(1);
      }
      expect(one.cache.size).toBe(size);
    });

    it('evicts at once on a revocation through any TokenService over the same DataSource', async () => {
      const { token, tokenId } = await issue();
      await one.tokens.authenticate(token);
      // A second TokenService over the replica's DataSource, without cache or publisher (as the e2e tests do).
      await new TokenService(one.ds).revoke(tokenId);
      expect(await refused(one.tokens.authenticate(token))).toBe(true);
    });

    it('reads the database again once the TTL has passed', async () => {
      const ttlMs = 300;
      const short = await replica('short-ttl', { ttlMs });
      const { token } = await issue();
      const filled = Date.now();
      expect(await readsDuring(short, () => short.tokens.authenticate(token))).toBe(1);
      const base = short.reads();
      await waitFor(
        async () => {
          await short.tokens.authenticate(token);
          return short.reads() > base;
        },
        { timeoutMs: 5000, intervalMs: 20, what: 'a read after the TTL' },
      );
      expect(Date.now() - filled).toBeGreaterThanOrEqual(ttlMs);
      expect(short.reads() - base).toBe(1);
    });
  });

  it('refuses a revoked token on every replica within 1 s of the revocation', async () => {
    const [a, b] = [await replica('a'), await replica('b')];
    const { token, tokenId } = await issue();
    for (const r of [a, b]) {
      expect(await readsDuring(r, () => r.tokens.authenticate(token))).toBe(1);
      expect(await readsDuring(r, () => r.tokens.authenticate(token))).toBe(0);
    }
    const started = Date.now();
    await admin.revoke(tokenId);
    await Promise.all(
      [a, b].map((r) =>
        waitFor(() => refused(r.tokens.authenticate(token)), {
          timeoutMs: 3000,
          intervalMs: 5,
          what: 'the replica to refuse the revoked token',
        }),
      ),
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('forgets every cached token when its Redis connection drops, since revocations may be missed', async () => {
    const r = await replica('reconnect');
    const [lost, kept] = [await issue(), await issue()];
    await r.tokens.authenticate(lost.token);
    await r.tokens.authenticate(kept.token);
    // A revocation whose message never comes: only a drop of the subscription can undo the entry.
    await adminDs.query(`UPDATE auth.access_tokens SET revoked_at = now() WHERE id = $1`, [lost.tokenId]);
    expect(await readsDuring(r, () => r.tokens.authenticate(lost.token))).toBe(0);

    const redis = new Redis(env.redis.url);
    try {
      const name = `${env.redis.prefix}-reconnect:token-revocations`;
      const line = ((await redis.client('LIST')) as string)
        .split('\n')
        .find((l) => l.includes(` name=${name} `));
      const id = /^id=(\d+) /.exec(line ?? '')?.[1] ?? 'none';
      expect(await redis.client('KILL', 'ID', id)).toBe(1);
    } finally {
      redis.disconnect();
    }

    await waitFor(() => refused(r.tokens.authenticate(lost.token)), { timeoutMs: 3000, intervalMs: 5 });
    await waitFor(() => r.cache.isLive, { timeoutMs: 5000, intervalMs: 10, what: 'the resubscription' });
    expect(await readsDuring(r, () => r.tokens.authenticate(kept.token))).toBe(1);
    expect(await readsDuring(r, () => r.tokens.authenticate(kept.token))).toBe(0);
  });

  describe('with a Redis that goes away (its own redis-server)', () => {
    let server: PrivateRedis;
    beforeAll(async () => {
      server = await startPrivateRedis();
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('reads every token from the database while Redis is down, and caches again once it is back', async () => {
      const config = env.config(`${env.redis.prefix}-outage`, { REDIS_URL: server.url });
      const r = await startReplica(env.db.url, config);
      const errors: Error[] = [];
      const publisher = openRevocationPublisher(config, (e) => errors.push(e));
      const revoker = new TokenService(adminDs, { revocations: publisher });
      try {
        const { token, tokenId } = await issue();
        await r.tokens.authenticate(token);
        expect(await readsDuring(r, () => r.tokens.authenticate(token))).toBe(0);

        await server.stop();
        await waitFor(() => !r.cache.isLive, {
          timeoutMs: 5000,
          intervalMs: 10,
          what: 'the cache to turn off',
        });
        expect(await readsDuring(r, () => r.tokens.authenticate(token))).toBe(1);
        expect(await readsDuring(r, () => r.tokens.authenticate(token))).toBe(1);

        // The revocation cannot be published; it is committed all the same and this replica sees it.
        await revoker.revoke(tokenId);
        expect(errors).toHaveLength(1);
        expect(await refused(r.tokens.authenticate(token))).toBe(true);

        await server.start();
        await waitFor(() => r.cache.isLive, {
          timeoutMs: 10_000,
          intervalMs: 20,
          what: 'the resubscription',
        });
        const fresh = await issue();
        expect(await readsDuring(r, () => r.tokens.authenticate(fresh.token))).toBe(1);
        expect(await readsDuring(r, () => r.tokens.authenticate(fresh.token))).toBe(0);
      } finally {
        publisher.close();
        await r.close();
      }
    });
  });
});

/** A redis-server of this suite alone on a free port, without persistence, to stop and start again. */
interface PrivateRedis {
  readonly url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** scripts/chaos/infra.js (plain JavaScript): the chaos run's own redis-server, shared here. */
const { startRedis: startPrivateRedis } = require(join(__dirname, '../../../scripts/chaos/infra.js')) as {
  startRedis(): Promise<PrivateRedis>;
};
