import { AUTH_MIGRATION_SET, TokenService } from '@platform/auth';
import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { COMMERCE_MIGRATION_SET } from '../../database/commerce.migration-set';
import type { CreatedAtIdKey, PageRequest } from '../paging/paging';
import { StoreProvisioningService } from '../stores/store-provisioning.service';
import { StoresRepository } from '../stores/stores.repository';
import { newCustomerState } from './customer-rules';
import { CustomerRow, CustomersRepository, isPrimaryEmailTaken } from './customers.repository';

/** A page request as the controller builds it, by offset or (with `after`) by key. */
function page(pageSize: number, opts: { page?: number; after?: CreatedAtIdKey; total?: boolean } = {}) {
  const number = opts.page ?? 1;
  const request: PageRequest<CreatedAtIdKey> = {
    page: number,
    pageSize,
    totalRequired: opts.total ?? false,
    offset: (number - 1) * pageSize,
    after: opts.after,
    binding: 'customers-repository-spec',
    limit: pageSize + 1,
  };
  return request;
}

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP.
describe('CustomersRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let customers: CustomersRepository;
  let storeId: string;
  let otherStoreId: string;
  const base = Date.parse('2026-01-01T00:00:00.000Z');

  function customer(storeOf: string, n: number, extra: Partial<CustomerRow> = {}): CustomerRow {
    const at = new Date(base + n * 1000);
    return {
      id: randomUUID(),
      storeId: storeOf,
      ...newCustomerState({ firstName: `First${n}`, lastName: `Last${n}` }),
      primaryEmail: null,
      createdAt: at,
      updatedAt: at,
      ...extra,
    };
  }

  beforeAll(async () => {
    t = await openTestDataSource('customers-repository', [AUTH_MIGRATION_SET, COMMERCE_MIGRATION_SET]);
    customers = new CustomersRepository(t.dataSource.manager);
    const accountId = (await new TokenService(t.dataSource).createAccount('owner')).accountId;
    const provisioning = new StoreProvisioningService(new StoresRepository(t.dataSource.manager));
    storeId = (await provisioning.createStore({ accountId })).storeId;
    otherStoreId = (await provisioning.createStore({ accountId })).storeId;
    for (const n of [1, 2, 3, 4, 5]) await customers.insert(customer(storeId, n));
    await customers.insert(customer(otherStoreId, 3));
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('findPage', () => {
    it("reads the store's customers oldest first, one more than the page to know another follows", async () => {
      const slice = await customers.findPage(storeId, page(2));
      expect(slice.items.map((c) => c.firstName)).toEqual(['First1', 'First2']);
      expect(slice.hasMore).toBe(true);
      expect(slice.nextToken).toEqual(expect.any(String));
    });

    it("continues strictly after the key of the previous page's last row", async () => {
      const first = await customers.findPage(storeId, page(2));
      const last = first.items[first.items.length - 1];
      const second = await customers.findPage(
        storeId,
        page(2, { page: 2, after: { createdAt: last.createdAt, id: last.id } }),
      );
      expect(second.items.map((c) => c.firstName)).toEqual(['First3', 'First4']);
    });

    it('reads by key, so a row added before the key does not shift the next page (offset would)', async () => {
      const first = await customers.findPage(storeId, page(2));
      const last = first.items[first.items.length - 1];
      const early = await customers.insert(customer(storeId, 0));
      try {
        const byKey = await customers.findPage(
          storeId,
          page(2, { page: 2, after: { createdAt: last.createdAt, id: last.id } }),
        );
        const byOffset = await customers.findPage(storeId, page(2, { page: 2 }));
        expect(byKey.items.map((c) => c.firstName)).toEqual(['First3', 'First4']);
        expect(byOffset.items.map((c) => c.firstName)).toEqual(['First2', 'First3']);
      } finally {
        await t.dataSource.query('DELETE FROM "commerce"."customers" WHERE "id" = $1', [early.id]);
      }
    });

    it('ends without a token on the last page', async () => {
      const slice = await customers.findPage(storeId, page(2, { page: 3 }));
      expect(slice.items.map((c) => c.firstName)).toEqual(['First5']);
      expect(slice.hasMore).toBe(false);
      expect(slice.nextToken).toBeUndefined();
    });

    it("counts the store's customers only when totals are asked for", async () => {
      expect((await customers.findPage(storeId, page(2))).totalItems).toBeUndefined();
      expect((await customers.findPage(storeId, page(2, { total: true }))).totalItems).toBe(5);
    });

    it("never reads another store's customers", async () => {
      const slice = await customers.findPage(otherStoreId, page(10));
      expect(slice.items).toHaveLength(1);
      expect(
        await customers.findInStore(otherStoreId, (await customers.findPage(storeId, page(1))).items[0].id),
      ).toBeNull();
    });
  });

  describe('writes', () => {
    it("refuses a second customer with the store's primary e-mail, recognised by isPrimaryEmailTaken", async () => {
      await customers.insert(customer(storeId, 10, { primaryEmail: 'taken@example.com' }));
      const refused = await customers
        .insert(customer(storeId, 11, { primaryEmail: 'taken@example.com' }))
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(isPrimaryEmailTaken(refused)).toBe(true);
      await expect(
        customers.insert(customer(otherStoreId, 11, { primaryEmail: 'taken@example.com' })),
      ).resolves.toBeDefined();
    });

    it("moves the list's version forward by at least a millisecond at every write", async () => {
      expect(await customers.findListChangedAt(otherStoreId)).toBeNull();
      const first = await customers.transaction((tx) => tx.bumpListVersion(otherStoreId));
      const second = await customers.transaction((tx) => tx.bumpListVersion(otherStoreId));
      expect(second.getTime()).toBeGreaterThanOrEqual(first.getTime() + 1);
      expect(await customers.findListChangedAt(otherStoreId)).toEqual(second);
    });

    it('writes nothing from a transaction that fails', async () => {
      const before = await customers.findListChangedAt(otherStoreId);
      await expect(
        customers.transaction(async (tx) => {
          await tx.bumpListVersion(otherStoreId);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await customers.findListChangedAt(otherStoreId)).toEqual(before);
    });
  });
});
