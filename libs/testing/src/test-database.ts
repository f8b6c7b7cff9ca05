import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The server tests create their databases on (TEST_DATABASE_URL, else the local default). */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

export interface TestDatabase {
  readonly name: string;
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one suite, so suites run in parallel without sharing rows and
 * every service keeps its production schema names. `drop()` removes it (WITH FORCE).
 */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `t_${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 30)}_${randomBytes(4).toString('hex')}`;
  const server = new URL(testServerUrl());
  const admin = new Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: server.toString() });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
