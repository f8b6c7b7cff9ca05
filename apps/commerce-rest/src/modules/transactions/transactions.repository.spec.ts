import { AUTH_MIGRATION_SET, TokenService } from '@platform/auth';
import type { OrderPaymentRecorded } from '@platform/contracts';
import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { COMMERCE_MIGRATION_SET } from '../../database/commerce.migration-set';
import { StoreProvisioningService } from '../stores/store-provisioning.service';
import { StoresRepository } from '../stores/stores.repository';
import { TransactionsRepository } from './transactions.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP or queue.
describe('TransactionsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let transactions: TransactionsRepository;
  let storeId: string;
  let otherStoreId: string;
  /** The ids of storeId's three transactions, oldest first. */
  const recorded: string[] = [];

  function event(storeOf: string, overrides: Partial<OrderPaymentRecorded> = {}): OrderPaymentRecorded {
    return {
      eventId: randomUUID(),
      storeId: storeOf,
      orderId: 'Order_2' + 'a'.repeat(26),
      type: 'SALE',
      amount: { value: 1999, currencyCode: 'USD' },
      occurredAt: '2026-03-01T10:00:00.123456Z',
      ...overrides,
    };
  }

  beforeAll(async () => {
    t = await openTestDataSource('transactions-repository', [AUTH_MIGRATION_SET, COMMERCE_MIGRATION_SET]);
    transactions = new TransactionsRepository(t.dataSource.manager);
    const accountId = (await new TokenService(t.dataSource).createAccount('owner')).accountId;
    const provisioning = new StoreProvisioningService(new StoresRepository(t.dataSource.manager));
    storeId = (await provisioning.createStore({ accountId })).storeId;
    otherStoreId = (await provisioning.createStore({ accountId })).storeId;
    for (const second of ['01', '02', '03']) {
      const id = await transactions.insertFromEvent(
        event(storeId, { occurredAt: `2026-03-01T10:00:${second}.000Z` }),
        null,
      );
      recorded.push(id as string);
    }
    await transactions.insertFromEvent(event(otherStoreId), null);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('insertFromEvent', () => {
    it('inserts an event once: a second delivery inserts nothing and finds the first row', async () => {
      const e = event(storeId, { occurredAt: '2026-03-02T00:00:00Z' });
      const id = await transactions.insertFromEvent(e, null);
      expect(id).toEqual(expect.any(String));
      expect(await transactions.insertFromEvent(e, null)).toBeUndefined();
      expect(await transactions.findIdBySourceEvent(storeId, e.eventId)).toBe(id);
      await t.dataSource.query('DELETE FROM "commerce"."transactions" WHERE "id" = $1', [id]);
    });

    it('inserts nothing for a store that does not exist', async () => {
      const e = event(randomUUID());
      expect(await transactions.insertFromEvent(e, null)).toBeUndefined();
      expect(await transactions.findIdBySourceEvent(e.storeId, e.eventId)).toBeUndefined();
    });

    it("takes the store's processor, derives a reference and keeps times to the millisecond", async () => {
      const e = event(otherStoreId, { parentEventId: undefined });
      const id = (await transactions.insertFromEvent(e, recorded[0])) as string;
      const row = await transactions.findInStore(otherStoreId, id);
      expect(row).toEqual(
        expect.objectContaining({
          processor: 'MOCK',
          processorReference: `mock_${e.eventId.replace(/-/g, '')}`,
          parentTransactionId: recorded[0],
          status: 'COMPLETED',
          amount: '1999',
        }),
      );
      expect(row?.createdAt.toISOString()).toBe('2026-03-01T10:00:00.123Z');
    });
  });

  describe('reads', () => {
    const asc = { sortOrder: 'ASC' as const };

    it("reads the store's transactions by (createdAt, id) in either order, up to the limit", async () => {
      expect((await transactions.findPage(storeId, asc, undefined, 10)).map((r) => r.id)).toEqual(recorded);
      expect(
        (await transactions.findPage(storeId, { sortOrder: 'DESC' }, undefined, 2)).map((r) => r.id),
      ).toEqual([recorded[2], recorded[1]]);
    });

    it('continues strictly after a transaction, in the direction of the order', async () => {
      expect((await transactions.findPage(storeId, asc, recorded[0], 10)).map((r) => r.id)).toEqual(
        recorded.slice(1),
      );
      expect(
        (await transactions.findPage(storeId, { sortOrder: 'DESC' }, recorded[2], 10)).map((r) => r.id),
      ).toEqual([recorded[1], recorded[0]]);
    });

    it('filters by ids (repeated ids once) and by exclusive updatedAt bounds', async () => {
      const byIds = await transactions.findPage(
        storeId,
        { ...asc, transactionIds: [recorded[2], recorded[0], recorded[2]] },
        undefined,
        10,
      );
      expect(byIds.map((r) => r.id)).toEqual([recorded[0], recorded[2]]);
      const [first] = await transactions.findPage(storeId, asc, undefined, 1);
      const after = await transactions.findPage(
        storeId,
        { ...asc, updatedAfter: first.updatedAt },
        undefined,
        10,
      );
      expect(after.every((r) => r.updatedAt > first.updatedAt)).toBe(true);
      const before = await transactions.findPage(
        storeId,
        { ...asc, updatedBefore: first.updatedAt },
        undefined,
        10,
      );
      expect(before.every((r) => r.updatedAt < first.updatedAt)).toBe(true);
    });

    it("finds a page token's transaction only in its own store", async () => {
      expect(await transactions.findIdInStore(storeId, recorded[1])).toBe(recorded[1]);
      expect(await transactions.findIdInStore(otherStoreId, recorded[1])).toBeUndefined();
      expect(await transactions.findInStore(otherStoreId, recorded[1])).toBeNull();
    });
  });
});
