import { type TestDataSource, openTestDataSource, waitForLockWaiter } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { ORDERS_MIGRATION_SET } from '../../database/orders.migration-set';
import { OrderReadsRepository } from '../orders/queries/order-reads.repository';
import { newLineItemRow, newOrderRow } from './order-rows';
import type { OrderEntity } from './order.entity';
import { OrdersRepository, isPlacementReferenceTaken } from './orders.repository';

// Medium tier (docs/testing.md): the repositories against the real migrated schema, no GraphQL.
describe('OrdersRepository and OrderReadsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let orders: OrdersRepository;
  let reads: OrderReadsRepository;
  const storeId = randomUUID();
  const otherStoreId = randomUUID();

  /** A new order of the store in its own transaction, numbered by the store's counter. */
  function create(
    store: string,
    extra: { placementReference?: string; tags?: string[] } = {},
  ): Promise<OrderEntity> {
    return orders.transaction(async (tx) => {
      const order = newOrderRow(
        store,
        await tx.nextNumber(store),
        { currencyCode: 'USD', lineItems: [], ...extra },
        false,
        new Date(),
      );
      await tx.insert(order);
      return order;
    });
  }

  beforeAll(async () => {
    t = await openTestDataSource('orders-repository', [ORDERS_MIGRATION_SET]);
    orders = new OrdersRepository(t.dataSource.manager);
    reads = new OrderReadsRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('nextNumber', () => {
    it("numbers each store's orders from 1, apart from other stores", async () => {
      expect((await create(storeId)).number).toBe(1);
      expect((await create(storeId)).number).toBe(2);
      expect((await create(otherStoreId)).number).toBe(1);
    });

    it('takes a rolled-back number back, so numbers have no gaps', async () => {
      await expect(
        orders.transaction(async (tx) => {
          expect(await tx.nextNumber(storeId)).toBe(3);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect((await create(storeId)).number).toBe(3);
    });

    it('gives concurrent creations in one store distinct consecutive numbers', async () => {
      const made = await Promise.all([1, 2, 3, 4].map(() => create(storeId)));
      expect(made.map((o) => o.number).sort((a, b) => a - b)).toEqual([4, 5, 6, 7]);
    });
  });

  it('refuses a second order with the placement reference of the store, recognised by isPlacementReferenceTaken', async () => {
    const first = await create(storeId, { placementReference: 'ref-1' });
    expect((await orders.findByPlacementReference(storeId, 'ref-1'))?.id).toBe(first.id);
    expect(await orders.findByPlacementReference(otherStoreId, 'ref-1')).toBeNull();
    const refused = await create(storeId, { placementReference: 'ref-1' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isPlacementReferenceTaken(refused)).toBe(true);
    await expect(create(otherStoreId, { placementReference: 'ref-1' })).resolves.toBeDefined();
  });

  it("locks the store's order only: another store's id finds nothing", async () => {
    const order = await create(storeId);
    await orders.transaction(async (tx) => {
      expect((await tx.findInStoreForUpdate(storeId, order.id))?.number).toBe(order.number);
      expect(await tx.findInStoreForUpdate(otherStoreId, order.id)).toBeNull();
    });
  });

  it('makes a second writer of one order wait for the first to commit (FOR UPDATE)', async () => {
    const order = await create(storeId);
    const events: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = orders.transaction(async (tx) => {
      await tx.findInStoreForUpdate(storeId, order.id);
      locked();
      await released;
      events.push('first commits');
    });
    await isLocked;
    const second = orders.transaction(async (tx) => {
      await tx.findInStoreForUpdate(storeId, order.id);
      events.push('second locked');
    });
    await waitForLockWaiter(t.dataSource, 'the second row lock to wait');
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first commits', 'second locked']);
  });

  it('reads lines by position and the highest position, and marks them all fulfilled', async () => {
    const order = await create(storeId);
    const now = new Date();
    const line = (name: string, position: number) =>
      newLineItemRow(
        order,
        { name, quantity: 1, unitAmount: { value: 100, currencyCode: 'USD' } },
        now,
        [],
        position,
      );
    await orders.insertLines([line('b', 2), line('a', 1)]);
    await orders.insertLines(line('c', 3));
    expect((await orders.findLinesByPosition(order.id)).map((l) => l.name)).toEqual(['a', 'b', 'c']);
    expect(await orders.maxLinePosition(order.id)).toBe(3);
    expect(await orders.countLines(order.id)).toBe(3);
    await orders.markLinesFulfilled(order.id, now);
    expect((await orders.findLines(order.id)).map((l) => l.status)).toEqual([
      'FULFILLED',
      'FULFILLED',
      'FULFILLED',
    ]);
    expect((await reads.findLinesOfOrders([order.id])).map((l) => l.position)).toEqual([1, 2, 3]);
  });

  it("pages the store's orders by number with a tag filter, keyset after the cursor", async () => {
    const store = randomUUID();
    for (const tags of [['gift'], [], ['gift', 'rush'], ['rush'], ['gift']]) await create(store, { tags });
    const byNumber = { field: 'NUMBER', direction: 'ASC' } as const;
    const gifts = { archived: false, filter: { tags: ['gift'] }, sort: byNumber };
    const first = await reads.findPage(store, { ...gifts, request: { direction: 'forward', size: 2 } });
    expect(first.edges.map((e) => e.node.number)).toEqual([1, 3]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = await reads.findPage(store, {
      ...gifts,
      request: { direction: 'forward', size: 2, cursor: first.edges[1].cursor },
    });
    expect(rest.edges.map((e) => e.node.number)).toEqual([5]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const archived = await reads.findPage(store, {
      archived: true,
      filter: {},
      sort: byNumber,
      request: { direction: 'forward', size: 10 },
    });
    expect(archived.edges).toEqual([]);
  });
});
