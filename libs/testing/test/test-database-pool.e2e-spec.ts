import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createTestDatabase, dropTestDatabasePool, testServerUrl } from '../src/test-database';

const query = async <T>(url: string, sql: string): Promise<T[]> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
};

const oidOf = async (url: string): Promise<string> =>
  (
    await query<{ oid: string }>(url, 'SELECT oid::text FROM pg_database WHERE datname = current_database()')
  )[0].oid;

const exists = async (name: string): Promise<boolean> =>
  (await query(testServerUrl(), `SELECT 1 FROM pg_database WHERE datname = '${name}'`)).length === 1;

describe('test databases: a Jest run hands emptied databases on instead of dropping them', () => {
  const outer = process.env.PLATFORM_TEST_RUN;
  const run = `pool-test-${randomBytes(4).toString('hex')}`;

  beforeAll(() => {
    process.env.PLATFORM_TEST_RUN = run; // a pool of this suite's own, not the run's
  });
  afterAll(async () => {
    await dropTestDatabasePool(run);
    if (outer === undefined) delete process.env.PLATFORM_TEST_RUN;
    else process.env.PLATFORM_TEST_RUN = outer;
  });

  it('gives the next suite the same database under a new name, empty: no schema, table, extension or session of the last one', async () => {
    const first = await createTestDatabase('pool-first');
    const firstOid = await oidOf(first.url);
    await query(
      first.url,
      `CREATE SCHEMA hosting; CREATE TABLE hosting.apps (id int); CREATE TYPE hosting.state AS ENUM ('a');
       CREATE TABLE public.leftover (id int); CREATE EXTENSION pg_trgm SCHEMA public`,
    );
    const lingering = new Client({ connectionString: first.url }); // a session the suite forgot
    await lingering.connect();
    lingering.on('error', () => undefined);
    await first.drop();

    expect(await exists(first.name)).toBe(false); // a leaked client cannot reconnect to it
    const second = await createTestDatabase('pool-second');
    expect(await oidOf(second.url)).toBe(firstOid);
    expect(second.name).toMatch(/^t_pool_second_[0-9a-f]{8}$/);
    const schemas = await query<{ nspname: string }>(
      second.url,
      `SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`,
    );
    expect(schemas.map((s) => s.nspname)).toEqual(['public']);
    expect(
      await query(second.url, `SELECT 1 FROM pg_class WHERE relnamespace = 'public'::regnamespace`),
    ).toEqual([]);
    expect(await query(second.url, `SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'`)).toEqual([]);
    await query(second.url, 'CREATE TABLE public.fresh (id int)'); // public is usable again
    await expect(lingering.query('SELECT 1')).rejects.toThrow();
    await second.drop();
  });

  it('creates another database while the pooled one is in use, and the teardown drops them all', async () => {
    const a = await createTestDatabase('pool-a');
    const b = await createTestDatabase('pool-b');
    const oids = [await oidOf(a.url), await oidOf(b.url)];
    expect(oids[1]).not.toBe(oids[0]);
    await Promise.all([a.drop(), b.drop()]);
    const kept = async () =>
      (await query<{ oid: string }>(testServerUrl(), 'SELECT oid::text FROM pg_database')).filter((r) =>
        oids.includes(r.oid),
      ).length;
    expect(await kept()).toBe(2); // emptied, kept for the next suites
    await dropTestDatabasePool(run);
    expect(await kept()).toBe(0);
  });
});

describe('test databases outside a Jest run (no run id)', () => {
  it('creates and drops each database', async () => {
    const outer = process.env.PLATFORM_TEST_RUN;
    delete process.env.PLATFORM_TEST_RUN;
    try {
      const db = await createTestDatabase('no-pool');
      expect(await exists(db.name)).toBe(true);
      await db.drop();
      expect(await exists(db.name)).toBe(false);
    } finally {
      if (outer !== undefined) process.env.PLATFORM_TEST_RUN = outer;
    }
  });
});
