import { randomUUID } from 'node:crypto';
import { pageRequest } from '@platform/graphql-subgraph';
import { type TestDataSource, openTestDataSource, waitForLockWaiter } from '@platform/testing';
import { CATALOG_MIGRATION_SET } from '../../database/catalog.migration-set';
import { InventoryReservationEntity } from './inventory-reservation.entity';
import { InventoryTypeCountEntity } from './inventory-type-count.entity';
import { InventoryRepository, SKU_COUNT_SORTS } from './inventory.repository';

// Medium tier (docs/testing.md): inventory's statements against the real migrated schema, no GraphQL.
describe('InventoryRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let inventory: InventoryRepository;

  beforeAll(async () => {
    t = await openTestDataSource('catalog-inventory-repository', [CATALOG_MIGRATION_SET]);
    inventory = new InventoryRepository(t.dataSource.manager);
  });

  afterAll(() => t?.close());

  const levels = (onHand: number, committed: number) => ({
    levels: { onHand, committed },
    quantities: { ON_HAND: onHand, COMMITTED: committed, AVAILABLE: onHand - committed },
  });

  /** Sets (location, SKU)'s levels as a change does, in one transaction. */
  async function setLevels(
    storeId: string,
    locationId: string,
    skuId: string,
    onHand: number,
    committed: number,
    at = new Date(),
  ) {
    await inventory.transaction(async (tx) => {
      const count = await tx.lockCount(storeId, locationId, skuId, at);
      const l = levels(onHand, committed);
      await tx.writeLevels(count, l.levels, l.quantities, at);
    });
  }

  const quantitiesOf = (rows: InventoryTypeCountEntity[]) => rows.map((r) => [r.type, r.quantity]);

  it('creates a count at zero, writes its levels and type rows (only changed ones move), and records adjustments', async () => {
    const [storeId, locationId, skuId] = [randomUUID(), randomUUID(), randomUUID()];
    const created = await inventory.transaction((tx) => tx.lockCount(storeId, locationId, skuId, new Date()));
    expect(created).toMatchObject({ storeId, locationId, skuId, onHand: 0, committed: 0 });
    expect(await inventory.findTypeCounts(storeId, locationId, skuId)).toEqual([]);

    const first = new Date('2026-03-01T00:00:00.000Z');
    await setLevels(storeId, locationId, skuId, 5, 2, first);
    const rows = await inventory.findTypeCounts(storeId, locationId, skuId);
    expect(quantitiesOf(rows)).toEqual([
      ['AVAILABLE', 3],
      ['COMMITTED', 2],
      ['ON_HAND', 5],
    ]);
    const later = new Date('2026-03-02T00:00:00.000Z');
    await setLevels(storeId, locationId, skuId, 6, 2, later);
    const moved = await inventory.findTypeCounts(storeId, locationId, skuId);
    expect(moved.map((r) => [r.type, r.quantity, r.updatedAt.toISOString(), r.id])).toEqual([
      ['AVAILABLE', 4, later.toISOString(), rows[0].id],
      ['COMMITTED', 2, first.toISOString(), rows[1].id],
      ['ON_HAND', 6, later.toISOString(), rows[2].id],
    ]);
    expect(quantitiesOf(await inventory.findTypeCounts(storeId, locationId, skuId, 'ON_HAND'))).toEqual([
      ['ON_HAND', 6],
    ]);
    expect(await inventory.findTypeCounts(randomUUID(), locationId, skuId)).toEqual([]);
    const locked = await inventory.transaction((tx) => tx.lockCount(storeId, locationId, skuId, new Date()));
    expect(locked).toMatchObject({ onHand: 6, committed: 2 });

    const adjustment = await inventory.insertAdjustment({
      storeId,
      locationId,
      skuId,
      type: 'STOCK',
      quantity: 6,
      reasonId: null,
      reservationId: null,
      createdAt: later,
    });
    expect(await inventory.findAdjustment(storeId, adjustment.id)).toMatchObject({
      type: 'STOCK',
      quantity: 6,
    });
    expect(await inventory.findAdjustment(randomUUID(), adjustment.id)).toBeNull();
  });

  it("a count's lock makes a second change wait until the first commits, then see its levels", async () => {
    const [storeId, locationId, skuId] = [randomUUID(), randomUUID(), randomUUID()];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = inventory.transaction(async (tx) => {
      const count = await tx.lockCount(storeId, locationId, skuId, new Date());
      locked();
      await released;
      const l = levels(4, 0);
      await tx.writeLevels(count, l.levels, l.quantities, new Date());
    });
    await isLocked;
    const second = inventory.transaction((tx) => tx.lockCount(storeId, locationId, skuId, new Date()));
    await waitForLockWaiter(t.dataSource, 'the second change to wait for the count lock');
    release();
    await first;
    expect(await second).toMatchObject({ onHand: 4, committed: 0 });
  });

  it("locks the store's reservations, changes their status, and finds the overdue ACTIVE ones, most overdue first", async () => {
    const storeId = randomUUID();
    const now = new Date('2026-05-01T12:00:00.000Z');
    const reservation = (expiresAt: Date, status: InventoryReservationEntity['status'] = 'ACTIVE') =>
      inventory.insertReservation({
        id: randomUUID(),
        storeId,
        locationId: randomUUID(),
        skuId: randomUUID(),
        quantity: 1,
        status,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      });
    const older = await reservation(new Date(now.getTime() - 60_000));
    const due = await reservation(now);
    await reservation(new Date(now.getTime() + 1));
    const released = await reservation(new Date(now.getTime() - 120_000), 'RELEASED');

    const found = await inventory.transaction((tx) => tx.lockReservation(storeId, due.id));
    expect(found).toMatchObject({ id: due.id, status: 'ACTIVE', quantity: 1 });
    expect(await inventory.transaction((tx) => tx.lockReservation(randomUUID(), due.id))).toBeNull();

    const overdue = (await inventory.findOverdueReservations(now, 1000)).filter((r) => r.storeId === storeId);
    expect(overdue.map((r) => r.id)).toEqual([older.id, due.id]);
    expect(overdue.map((r) => r.id)).not.toContain(released.id);

    await inventory.setReservationStatus(older.id, 'EXPIRED', now);
    const after = (await inventory.findOverdueReservations(now, 1000)).filter((r) => r.storeId === storeId);
    expect(after.map((r) => r.id)).toEqual([due.id]);
    expect(await inventory.transaction((tx) => tx.lockReservation(storeId, older.id))).toMatchObject({
      status: 'EXPIRED',
    });
  });

  it("pages the store's counts and adjustments under their filters, and each SKU's counts in one query", async () => {
    const storeId = randomUUID();
    const [here, there, mug, cup] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await setLevels(storeId, here, mug, 3, 1);
    await setLevels(storeId, there, mug, 2, 0);
    await setLevels(storeId, here, cup, 1, 0);
    const createdAt = {
      key: 'CREATED_AT',
      property: 'createdAt',
      sqlType: 'timestamptz',
      valueOf: (r: { createdAt: Date }) => r.createdAt.toISOString(),
    } as const;

    const onHandOfMug = await inventory.pageTypeCounts(
      storeId,
      { skuId: { eq: mug }, type: { in: ['ON_HAND'] } },
      { request: pageRequest({ first: 10 }), sort: createdAt, direction: 'ASC' },
    );
    expect(onHandOfMug.page.edges.map((e) => [e.node.locationId, e.node.quantity]).sort()).toEqual(
      [
        [here, 3],
        [there, 2],
      ].sort(),
    );
    expect(await onHandOfMug.totalCount()).toBe(2);
    const none = await inventory.pageTypeCounts(
      storeId,
      { type: { in: [] } },
      { request: pageRequest({}), sort: createdAt, direction: 'ASC' },
    );
    expect(await none.totalCount()).toBe(0);

    for (const [skuId, type] of [
      [mug, 'STOCK'],
      [cup, 'ADJUST'],
    ] as const)
      await inventory.insertAdjustment({
        storeId,
        locationId: here,
        skuId,
        type,
        quantity: 1,
        reasonId: null,
        reservationId: null,
        createdAt: new Date(),
      });
    const stocked = await inventory.pageAdjustments(
      storeId,
      { type: { eq: 'STOCK' } },
      { request: pageRequest({}), sort: createdAt, direction: 'ASC' },
    );
    expect(stocked.page.edges.map((e) => e.node.skuId)).toEqual([mug]);
    const byReference = await inventory.pageAdjustments(
      storeId,
      { referenceValue: { eq: 'x' } },
      { request: pageRequest({}), sort: createdAt, direction: 'ASC' },
    );
    expect(await byReference.totalCount()).toBe(0);

    const unknown = randomUUID();
    const pages = await inventory.pageTypeCountsOfSkus(
      storeId,
      [mug, cup, unknown],
      pageRequest({ first: 2 }),
      SKU_COUNT_SORTS.createdAt,
      'ASC',
    );
    const mugPage = pages.get(mug);
    if (!mugPage || mugPage instanceof Error) throw new Error('no page for the mug');
    expect(mugPage.edges).toHaveLength(2);
    expect(mugPage.pageInfo.hasNextPage).toBe(true);
    expect(await inventory.countTypeCountsOfSkus(storeId, [mug, cup, unknown])).toEqual(
      new Map([
        [mug, 6],
        [cup, 3],
        [unknown, 0],
      ]),
    );
  });
});
