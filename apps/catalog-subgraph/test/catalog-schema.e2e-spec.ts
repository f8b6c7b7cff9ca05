import { TestDatabase, createTestDatabase, schemaDrift } from '@platform/testing';
import { DataSource } from 'typeorm';
import { CATALOG_MIGRATIONS } from '../src/database/migrations';
import { CATALOG_MIGRATION_SET } from '../src/database/catalog.migration-set';

describe('schema catalog: migrations against entities (real Postgres)', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('catalog-schema');
  });

  afterAll(async () => {
    await db?.drop();
  });

  it('leaves nothing for TypeORM to change after the migrations ran', async () => {
    expect(await schemaDrift(db.url, CATALOG_MIGRATION_SET)).toEqual([]);
  });

  it('reverts every migration with its down(), newest first, and applies them again', async () => {
    const ds = await new DataSource({ type: 'postgres', url: db.url }).initialize();
    const runner = ds.createQueryRunner();
    const tables = async () =>
      (
        (await runner.query(
          `SELECT count(*)::int AS count FROM information_schema.tables WHERE table_schema = 'catalog' AND table_name <> 'migrations'`,
        )) as [{ count: number }]
      )[0].count;
    try {
      expect(await tables()).toBeGreaterThan(0);
      for (const Migration of [...CATALOG_MIGRATIONS].reverse()) await new Migration().down(runner);
      expect(await tables()).toBe(0);
      for (const Migration of CATALOG_MIGRATIONS) await new Migration().up(runner);
      expect(await schemaDrift(db.url, CATALOG_MIGRATION_SET)).toEqual([]);
    } finally {
      await runner.release();
      await ds.destroy();
    }
  });
});
