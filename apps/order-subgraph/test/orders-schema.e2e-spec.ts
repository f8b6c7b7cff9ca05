import { SnakeNamingStrategy } from '@platform/database';
import { TestEnv, createTestEnv, schemaDrift } from '@platform/testing';
import { DataSource } from 'typeorm';
import { ORDERS_MIGRATIONS } from '../src/database/migrations';
import { ORDERS_MIGRATION_SET } from '../src/database/orders.migration-set';

describe('orders schema', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await createTestEnv('orders-schema');
  });

  afterAll(async () => {
    await env?.teardown();
  });

  it('has migrations that match the entities exactly', async () => {
    expect(await schemaDrift(env.db.url, ORDERS_MIGRATION_SET)).toEqual([]);
  });

  it('reverts its migrations completely (real down)', async () => {
    const ds = new DataSource({
      type: 'postgres',
      url: env.db.url,
      schema: 'orders',
      namingStrategy: new SnakeNamingStrategy(),
      migrations: ORDERS_MIGRATION_SET.migrations,
      migrationsTableName: 'migrations',
    });
    await ds.initialize();
    try {
      await ds.runMigrations({ transaction: 'all' });
      for (let i = 0; i < ORDERS_MIGRATIONS.length; i++) await ds.undoLastMigration({ transaction: 'all' });
      const tables: { table_name: string }[] = await ds.query(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'orders' AND table_name <> 'migrations'`,
      );
      expect(tables).toEqual([]);
      await ds.runMigrations({ transaction: 'all' });
    } finally {
      await ds.destroy();
    }
  });
});
