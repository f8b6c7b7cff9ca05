import { randomUUID } from 'node:crypto';
import { type TestDataSource, openTestDataSource, waitForLockWaiter } from '@platform/testing';
import { insertLink, insertRecord } from '../../../test/support/catalog-rows';
import { CATALOG_MIGRATION_SET } from '../../database/catalog.migration-set';
import { ShoppingReservationsRepository } from './shopping-reservations.repository';

// Medium tier (docs/testing.md): the Shopping API reservations' statements against the real
// migrated schema, no HTTP and no queue.
describe('ShoppingReservationsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let reservations: ShoppingReservationsRepository;

  beforeAll(async () => {
    t = await openTestDataSource('catalog-shopping-reservations-repository', [CATALOG_MIGRATION_SET]);
    reservations = new ShoppingReservationsRepository(t.dataSource.manager);
  });

  afterAll(() => t?.close());

  it("inserts a reference's row once, then locks it, records its reservation ids and its status", async () => {
    const storeId = randomUUID();
    const at = new Date('2026-04-01T00:00:00.000Z');
    expect(await reservations.insertIfAbsent(storeId, 'cart-1', 'hash', 'ACTIVE', at)).toBe(true);
    expect(await reservations.insertIfAbsent(storeId, 'cart-1', 'other', 'RELEASED', at)).toBe(false);
    expect(await reservations.insertIfAbsent(randomUUID(), 'cart-1', 'hash', 'ACTIVE', at)).toBe(true);
    const ids = [randomUUID(), randomUUID()];
    const later = new Date(at.getTime() + 1000);
    const row = await reservations.transaction(async (tx) => {
      await tx.setReservationIds(storeId, 'cart-1', ids, later);
      return tx.lockByReference(storeId, 'cart-1');
    });
    expect(row).toMatchObject({ linesHash: 'hash', status: 'ACTIVE', reservationIds: ids, updatedAt: later });
    await reservations.setStatus(storeId, 'cart-1', 'RELEASED', later);
    expect(await reservations.transaction((tx) => tx.lockByReference(storeId, 'cart-1'))).toMatchObject({
      status: 'RELEASED',
      reservationIds: ids,
    });
  });

  it('a second claim of a reference waits for the first transaction, then finds its row', async () => {
    const storeId = randomUUID();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let claimed!: () => void;
    const isClaimed = new Promise<void>((resolve) => (claimed = resolve));
    const first = reservations.transaction(async (tx) => {
      expect(await tx.insertIfAbsent(storeId, 'ref', 'first', 'ACTIVE', new Date())).toBe(true);
      claimed();
      await released;
    });
    await isClaimed;
    const second = reservations.transaction(async (tx) => {
      const inserted = await tx.insertIfAbsent(storeId, 'ref', 'second', 'ACTIVE', new Date());
      return { inserted, row: await tx.lockByReference(storeId, 'ref') };
    });
    await waitForLockWaiter(t.dataSource, 'the second claim to wait for the first');
    release();
    await first;
    expect(await second).toMatchObject({ inserted: false, row: { linesHash: 'first' } });
  });

  it("finds the store's ACTIVE SKUs and reads a SKU's counts with their locations, in the same transaction as its inventory", async () => {
    const storeId = randomUUID();
    const db = t.dataSource;
    const active = await insertRecord(db, { storeId, kind: 'SKU' });
    const draft = await insertRecord(db, { storeId, kind: 'SKU', status: 'DRAFT' });
    const elsewhere = await insertRecord(db, { storeId: randomUUID(), kind: 'SKU' });
    expect(await reservations.findSellableSkuIds(storeId, [active, draft, elsewhere, randomUUID()])).toEqual([
      active,
    ]);

    const backorder = await insertRecord(db, {
      storeId,
      kind: 'LOCATION',
      data: { allowNegativeInventory: true },
    });
    const archived = await insertRecord(db, { storeId, kind: 'LOCATION', status: 'ARCHIVED' });
    const gone = randomUUID(); // a count whose location is no record
    for (const location of [backorder, archived])
      await insertLink(db, storeId, location, 'LOCATION:SKU', active);
    const stock = await reservations.transaction(async (tx) => {
      for (const [location, onHand] of [
        [backorder, 2],
        [archived, 5],
        [gone, 1],
      ] as const) {
        const count = await tx.inventory.lockCount(storeId, location, active, new Date());
        await tx.inventory.writeLevels(
          count,
          { onHand, committed: 1 },
          { ON_HAND: onHand, COMMITTED: 1, AVAILABLE: onHand - 1 },
          new Date(),
        );
      }
      return tx.lockSkuStock(storeId, active);
    });
    const byLocation = new Map(stock.map((r) => [r.location_id, r]));
    expect(stock.map((r) => r.location_id)).toEqual([...byLocation.keys()].sort());
    expect(byLocation.get(backorder)).toEqual({
      location_id: backorder,
      available: 1,
      allows_negative: true,
      location_status: 'ACTIVE',
    });
    expect(byLocation.get(archived)).toMatchObject({
      available: 4,
      allows_negative: false,
      location_status: 'ARCHIVED',
    });
    expect(byLocation.get(gone)).toMatchObject({ available: 0, location_status: null });
    expect(await reservations.transaction((tx) => tx.lockSkuStock(storeId, draft))).toEqual([]);
  });
});
