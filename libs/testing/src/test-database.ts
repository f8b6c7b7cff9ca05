import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { withTestRedis } from './test-redis';

/** The server tests create their databases on (TEST_DATABASE_URL, else the local default). */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  /** Ends the suite's use of the database: empties it for the next suite of the run, or drops it. */
  drop(): Promise<void>;
}

/**
 * The Jest run's pool (docs/testing.md, "Databases"), both named by PLATFORM_TEST_RUN, which the
 * global setup sets once per run: the free list is a Redis list; every database of the run, free or
 * in use, carries the comment `runComment(run)`, which renames keep, so the teardown finds them all
 * in pg_database. Outside a Jest run (no run id) every database is created and dropped.
 */
const freeList = (run: string): string => `platform-test:${run}:free-databases`;
const runComment = (run: string): string => `platform-test:${run}`;

const SYSTEM_SCHEMAS = `nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_toast%' AND nspname NOT LIKE 'pg\\_temp\\_%'`;

const withClient = async <T>(url: string, work: (client: Client) => Promise<T>): Promise<T> => {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const databaseUrl = (name: string): string => {
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

const newName = (label: string): string =>
  `t_${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 30)}_${randomBytes(4).toString('hex')}`;

/**
 * Renames a database no session uses (ending those a suite left behind first, a few times if one
 * comes back). The old name is gone at once, so a client the last suite leaked (a pool, a worker
 * that reconnects) can no longer reach the database, as after DROP DATABASE.
 */
async function renameDatabase(from: string, to: string): Promise<void> {
  await withClient(testServerUrl(), async (admin) => {
    for (let attempt = 1; ; attempt++) {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [from]);
      try {
        await admin.query(`ALTER DATABASE "${from}" RENAME TO "${to}"`);
        return;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  });
}

/**
 * Empties a database a suite has finished with, as a new one is, under a new name (renameDatabase):
 * every schema dropped with what is in it (tables, types, functions, the extensions in them),
 * `public` made again as PostgreSQL makes it. Returns the new name, or null when it could not be
 * done (the caller then drops it).
 */
async function emptyDatabase(name: string): Promise<string | null> {
  const free = `t_free_${randomBytes(6).toString('hex')}`;
  try {
    await renameDatabase(name, free);
  } catch {
    return null;
  }
  try {
    await withClient(databaseUrl(free), async (client) => {
      const { rows } = await client.query<{ nspname: string }>(
        `SELECT nspname FROM pg_namespace WHERE ${SYSTEM_SCHEMAS}`,
      );
      const drops = rows.map((r) => `DROP SCHEMA "${r.nspname.replace(/"/g, '""')}" CASCADE;`).join(' ');
      await client.query(
        `BEGIN; ${drops} CREATE SCHEMA public AUTHORIZATION pg_database_owner; GRANT USAGE ON SCHEMA public TO PUBLIC; COMMIT;`,
      );
    });
    return free;
  } catch {
    await dropDatabase(free).catch(() => undefined);
    return null;
  }
}

async function dropDatabase(name: string): Promise<void> {
  await withClient(testServerUrl(), (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Takes a database of the run's free list and renames it `name`; false when none is free. */
async function takeFreeDatabase(run: string, name: string): Promise<boolean> {
  for (;;) {
    const free = await withTestRedis((redis) => redis.rpop(freeList(run)));
    if (!free) return false;
    try {
      await renameDatabase(free, name);
      return true;
    } catch {
      await dropDatabase(free).catch(() => undefined);
    }
  }
}

/**
 * An empty database for one suite, so suites run in parallel without sharing rows and every
 * service keeps its production schema names. Within a Jest run, a database another suite has
 * finished with is emptied and handed on instead of being dropped and a new one created: CREATE
 * and DROP DATABASE cost PostgreSQL about 2 s per suite on this machine (WAL of the template, a
 * checkpoint), emptying it about a third of that. The run's global teardown drops them all.
 *
 * Its sessions commit without waiting for the WAL flush (`synchronous_commit = off`, kept across
 * renames): a commit is visible to every other session at once as before, only a crash of the
 * server could lose the last few, which no test needs to survive (the tests that stop PostgreSQL
 * run their own embedded server). A flush costs 1 to 4 ms on this machine's disk, and a suite
 * commits thousands of times, one after another.
 */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const run = process.env.PLATFORM_TEST_RUN;
  const name = newName(label);
  if (!run || !(await takeFreeDatabase(run, name)))
    await withClient(testServerUrl(), async (admin) => {
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.query(`ALTER DATABASE "${name}" SET synchronous_commit = off`);
      if (run) await admin.query(`COMMENT ON DATABASE "${name}" IS ${admin.escapeLiteral(runComment(run))}`);
    });
  return {
    name,
    url: databaseUrl(name),
    async drop() {
      const free = run ? await emptyDatabase(name) : null;
      if (run && free) await withTestRedis((redis) => redis.lpush(freeList(run), free));
      else await dropDatabase(name);
    },
  };
}

/** The global teardown's part: drops every database of the run (by its comment) and its free list. */
export async function dropTestDatabasePool(run: string): Promise<void> {
  const { rows } = await withClient(testServerUrl(), (admin) =>
    admin.query<{ datname: string }>(
      `SELECT d.datname FROM pg_database d
         JOIN pg_shdescription c ON c.objoid = d.oid AND c.classoid = 'pg_database'::regclass
        WHERE c.description = $1`,
      [runComment(run)],
    ),
  );
  for (const { datname } of rows) await dropDatabase(datname);
  await withTestRedis((redis) => redis.del(freeList(run)));
}
