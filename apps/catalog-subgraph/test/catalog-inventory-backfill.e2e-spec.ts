import { randomUUID } from 'node:crypto';
import { TestDatabase, createTestDatabase } from '@platform/testing';
import { DataSource, QueryRunner } from 'typeorm';
import { CATALOG_MIGRATIONS } from '../src/database/migrations';
import { InventoryTypeCountsAndLocationSkus1797000000400 } from '../src/database/migrations/1797000000400-inventory-type-counts-and-location-skus';

// The migration that made counts per type and a location's SKUs fills both from the counts a
// store already had: every (location, SKU) count gets its ON_HAND, COMMITTED and AVAILABLE rows,
// and its SKU joins the location's SKUs.

describe('migration 1797000000400: inventory counts by type and location SKUs from existing counts (real Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let runner: QueryRunner;

  beforeAll(async () => {
    db = await createTestDatabase('catalog-backfill');
    ds = await new DataSource({ type: 'postgres', url: db.url }).initialize();
    runner = ds.createQueryRunner();
  });

  afterAll(async () => {
    await runner?.release();
    await ds?.destroy();
    await db?.drop();
  });

  it('gives every existing count its three typed rows and links its SKU to its location', async () => {
    const last = CATALOG_MIGRATIONS.indexOf(InventoryTypeCountsAndLocationSkus1797000000400);
    expect(last).toBeGreaterThan(0);
    for (const Migration of CATALOG_MIGRATIONS.slice(0, last)) await new Migration().up(runner);
    const store = randomUUID();
    const [location, skuA, skuB] = [randomUUID(), randomUUID(), randomUUID()];
    await runner.query(
      `INSERT INTO "catalog"."inventory_counts" (location_id, sku_id, store_id, on_hand, committed, updated_at)
       VALUES ($1, $2, $4, 5, 2, '2026-01-01T00:00:00.000Z'), ($1, $3, $4, 0, 0, '2026-01-02T00:00:00.000Z')`,
      [location, skuA, skuB, store],
    );

    await new InventoryTypeCountsAndLocationSkus1797000000400().up(runner);

    const typed = (await runner.query(
      `SELECT sku_id, type, quantity, store_id, created_at FROM "catalog"."inventory_type_counts" ORDER BY sku_id, type`,
    )) as { sku_id: string; type: string; quantity: number; store_id: string; created_at: Date }[];
    const expected = (sku: string, onHand: number, committed: number) =>
      [
        ['AVAILABLE', onHand - committed],
        ['COMMITTED', committed],
        ['ON_HAND', onHand],
      ].map(([type, quantity]) => ({ sku_id: sku, type, quantity, store_id: store }));
    expect(typed.map(({ created_at: _c, ...row }) => row)).toEqual(
      [...expected(skuA, 5, 2), ...expected(skuB, 0, 0)].sort((x, y) => x.sku_id.localeCompare(y.sku_id)),
    );
    const links = (await runner.query(
      `SELECT member_id, store_id, position FROM "catalog"."links" WHERE owner_id = $1 AND relation = 'LOCATION:SKU' ORDER BY position`,
      [location],
    )) as { member_id: string; store_id: string; position: string }[];
    expect(links).toEqual([
      { member_id: skuA, store_id: store, position: '1' },
      { member_id: skuB, store_id: store, position: '2' },
    ]);

    await new InventoryTypeCountsAndLocationSkus1797000000400().down(runner);
    const left = (await runner.query(
      `SELECT count(*)::int AS n FROM "catalog"."links" WHERE relation = 'LOCATION:SKU'`,
    )) as [{ n: number }];
    expect(left[0].n).toBe(0);
  });
});
