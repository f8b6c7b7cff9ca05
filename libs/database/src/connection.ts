import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from './postgres-options';
import { MigrationSet } from './migration-set';
import { SnakeNamingStrategy } from './snake-naming.strategy';

export interface ConnectionOptions {
  readonly url: string;
  readonly applicationName: string;
  readonly poolSize?: number;
  /** How long a query waits for a pooled connection (or a new one) before failing; default 5000 ms. */
  readonly poolTimeoutMs?: number;
}

/** Creates the database of `url` when it does not exist yet (ARCHITECTURE.md contract 3). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, '')) || 'postgres';
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((e: { code?: string }) => {
        if (e.code !== '42P04' && e.code !== '23505') throw e; // created concurrently by another process
      });
    }
  } finally {
    await client.end();
  }
}

export function dataSourceOptions(
  opts: ConnectionOptions,
  sets: readonly MigrationSet[],
): PostgresConnectionOptions {
  return {
    type: 'postgres',
    url: opts.url,
    applicationName: opts.applicationName,
    entities: sets.flatMap((s) => s.entities as unknown[]) as PostgresConnectionOptions['entities'],
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    poolSize: opts.poolSize ?? 10,
    extra: { max: opts.poolSize ?? 10, connectionTimeoutMillis: opts.poolTimeoutMs ?? 5000 },
    logging: false,
  };
}

function setDataSource(opts: ConnectionOptions, set: MigrationSet): DataSource {
  return new DataSource({
    ...dataSourceOptions({ ...opts, poolSize: 1 }, [set]),
    schema: set.schema,
    migrations: set.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'all',
  });
}

/** A stable 32-bit key for pg_advisory_lock, so concurrent boots do not migrate the same schema twice. */
function lockKey(schema: string): number {
  let h = 0;
  for (const ch of `migrate:${schema}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/** Applies every pending migration of each set, one set at a time, under an advisory lock. */
export async function runMigrations(
  opts: ConnectionOptions,
  sets: readonly MigrationSet[],
): Promise<string[]> {
  const applied: string[] = [];
  for (const set of sets) {
    const ds = setDataSource(opts, set);
    await ds.initialize();
    try {
      await ds.query(`SELECT pg_advisory_lock($1)`, [lockKey(set.schema)]);
      try {
        await ds.query(`CREATE SCHEMA IF NOT EXISTS "${set.schema}"`);
        const done = await ds.runMigrations({ transaction: 'all' });
        applied.push(...done.map((m) => `${set.schema}:${m.name}`));
      } finally {
        await ds.query(`SELECT pg_advisory_unlock($1)`, [lockKey(set.schema)]);
      }
    } finally {
      await ds.destroy();
    }
  }
  return applied;
}

/** Names of migrations not yet applied, across the sets (empty when the database is current). */
export async function pendingMigrations(
  dataSource: DataSource,
  sets: readonly MigrationSet[],
): Promise<string[]> {
  const pending: string[] = [];
  for (const set of sets) {
    const rows: { name: string }[] = await dataSource
      .query(`SELECT name FROM "${set.schema}"."migrations"`)
      .catch(() => []);
    const done = new Set(rows.map((r) => r.name));
    for (const m of set.migrations as unknown[]) {
      const name = typeof m === 'function' ? (m as { name: string }).name : String(m);
      // TypeORM records the class's `name` property when set, else the class name.
      const instanceName =
        typeof m === 'function' ? (new (m as new () => { name?: string })().name ?? name) : name;
      if (!done.has(instanceName)) pending.push(`${set.schema}:${instanceName}`);
    }
  }
  return pending;
}
