import { createTestDatabase, testServerUrl, TestDatabase } from '@platform/testing';
import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { Column, DataSource, Entity, MigrationInterface, PrimaryColumn, QueryRunner } from 'typeorm';
import { dataSourceOptions, ensureDatabase, pendingMigrations, runMigrations } from '../src/connection';
import { MigrationSet } from '../src/migration-set';

@Entity({ schema: 'widgets', name: 'widgets' })
class WidgetEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 50 })
  displayName!: string;
}

class CreateWidgets1700000000000 implements MigrationInterface {
  name = 'CreateWidgets1700000000000';

  async up(q: QueryRunner): Promise<void> {
    // A slow migration widens the window in which concurrent runners would collide without the lock.
    await q.query(`SELECT pg_sleep(0.2)`);
    await q.query(
      `CREATE TABLE "widgets"."widgets" ("id" uuid PRIMARY KEY, "display_name" character varying(50) NOT NULL)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "widgets"."widgets"`);
  }
}

const SET: MigrationSet = {
  schema: 'widgets',
  entities: [WidgetEntity],
  migrations: [CreateWidgets1700000000000],
};

describe('migrations and connections (real Postgres)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('database-lib');
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('creates a missing database, and accepts one that exists', async () => {
    const name = `t_ensure_${randomBytes(4).toString('hex')}`;
    const url = new URL(testServerUrl());
    url.pathname = `/${name}`;
    await Promise.all([ensureDatabase(url.toString()), ensureDatabase(url.toString())]);
    await ensureDatabase(url.toString());
    const admin = new Client({ connectionString: testServerUrl() });
    await admin.connect();
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      expect(found.rowCount).toBe(1);
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  });

  it('reports pending migrations, applies them once under concurrent runners, then reports none', async () => {
    const ds = await new DataSource(
      dataSourceOptions({ url: db.url, applicationName: 'test' }, [SET]),
    ).initialize();
    try {
      expect(await pendingMigrations(ds, [SET])).toEqual(['widgets:CreateWidgets1700000000000']);
      const runs = await Promise.all(
        [1, 2, 3].map(() => runMigrations({ url: db.url, applicationName: 'test' }, [SET])),
      );
      expect(runs.flat()).toEqual(['widgets:CreateWidgets1700000000000']);
      expect(await pendingMigrations(ds, [SET])).toEqual([]);
      await ds
        .getRepository(WidgetEntity)
        .insert({ id: '00000000-0000-4000-8000-000000000001', displayName: 'w' });
      expect(await ds.query(`SELECT display_name FROM widgets.widgets`)).toEqual([{ display_name: 'w' }]);
      const recorded = await ds.query(`SELECT name FROM widgets.migrations`);
      expect(recorded).toEqual([{ name: 'CreateWidgets1700000000000' }]);
    } finally {
      await ds.destroy();
    }
  });
});
