import { AUTH_MIGRATION_SET, TokenService } from '@platform/auth';
import { SecretBox } from '@platform/crypto';
import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { COMMERCE_MIGRATION_SET } from '../../database/commerce.migration-set';
import { StoreDetailsRepository } from './details/store-details.repository';
import { governmentIdAssociatedData } from './government-ids/government-id-sealing';
import { GovernmentIdsRepository } from './government-ids/government-ids.repository';
import { STORE_JOINS } from './store-joins';
import { StoreProvisioningService } from './store-provisioning.service';
import { StoresRepository } from './stores.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP.
describe('StoresRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let stores: StoresRepository;
  let box: SecretBox;
  let owner: string;
  let stranger: string;
  let storeId: string;
  let businessId: string;

  beforeAll(async () => {
    t = await openTestDataSource('stores-repository', [AUTH_MIGRATION_SET, COMMERCE_MIGRATION_SET]);
    stores = new StoresRepository(t.dataSource.manager);
    box = new SecretBox(Buffer.alloc(32, 7));
    const tokens = new TokenService(t.dataSource);
    owner = (await tokens.createAccount('owner')).accountId;
    stranger = (await tokens.createAccount('stranger')).accountId;
    ({ storeId, businessId } = await new StoreProvisioningService(stores).createStore({
      accountId: owner,
      displayName: 'Corner shop',
      attributeKeys: ['color'],
    }));
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('findStoreForAccount', () => {
    it("returns the owner's store row with the default columns", async () => {
      const row = await stores.findStoreForAccount(storeId, owner, []);
      expect(row).toEqual(
        expect.objectContaining({
          id: storeId,
          business_id: businessId,
          display_name: 'Corner shop',
          status: 'ACTIVE',
          currency: 'USD',
          timezone: 'UTC',
          processor: 'MOCK',
          owner_id: owner,
          government_ids: [],
        }),
      );
      expect(row?.created_at).toBeInstanceOf(Date);
    });

    it('is undefined for another account, and for a store that does not exist (the account check is in the statement)', async () => {
      expect(await stores.findStoreForAccount(storeId, stranger, [])).toBeUndefined();
      expect(await stores.findStoreForAccount(randomUUID(), owner, [])).toBeUndefined();
    });

    it('returns the business government ids sealed, in position order, with ISO times', async () => {
      const ids = new GovernmentIdsRepository(t.dataSource.manager);
      const seal = (type: 'EIN' | 'SSN', value: string) =>
        box.seal(value, governmentIdAssociatedData(businessId, type));
      await ids.insertMany([
        { businessId, type: 'SSN', position: 1, governmentIdCiphertext: seal('SSN', '123456789') },
        { businessId, type: 'EIN', position: 0, governmentIdCiphertext: seal('EIN', '987654321') },
      ]);
      try {
        const row = await stores.findStoreForAccount(storeId, owner, []);
        expect(row?.government_ids.map((g) => g.type)).toEqual(['EIN', 'SSN']);
        const [ein] = row?.government_ids ?? [];
        expect(box.open(Buffer.from(ein.box, 'hex'), governmentIdAssociatedData(businessId, 'EIN'))).toBe(
          '987654321',
        );
        expect(ein.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      } finally {
        await ids.deleteByIds((await ids.findForBusiness(businessId)).map((g) => g.id));
      }
    });

    it('adds a column per requested join and none for the others', async () => {
      const row = await stores.findStoreForAccount(storeId, owner, ['phone', 'attributes', 'storeDevice']);
      expect(Object.keys(row ?? {}).filter((k) => k.startsWith('j_'))).toEqual([
        'j_phone',
        'j_attributes',
        'j_storeDevice',
      ]);
      expect(row).toEqual(expect.objectContaining({ j_phone: null, j_attributes: {}, j_storeDevice: [] }));
    });

    it("reads a join's rows through its sub-select", async () => {
      await new StoreDetailsRepository(t.dataSource.manager).upsertPhone({
        storeId,
        type: 'MOBILE',
        countryCode: '1',
        nationalNumber: '5551234',
        extensionNumber: null,
      });
      const row = await stores.findStoreForAccount(storeId, owner, ['phone']);
      expect(row?.j_phone).toEqual({
        type: 'MOBILE',
        details: { countryCode: '1', nationalNumber: '5551234', extensionNumber: null },
      });
    });

    it('sends one statement to PostgreSQL, whatever the joins', async () => {
      const sent = jest.spyOn(PostgresQueryRunner.prototype, 'query');
      try {
        await stores.findStoreForAccount(storeId, owner, STORE_JOINS);
        expect(sent).toHaveBeenCalledTimes(1);
      } finally {
        sent.mockRestore();
      }
    });
  });

  describe('store provisioning writes', () => {
    it("gives an account one default business: a second store joins the first store's business", async () => {
      const second = await new StoreProvisioningService(stores).createStore({ accountId: owner });
      expect(second.businessId).toBe(businessId);
      expect((await stores.findDefaultBusiness(owner))?.id).toBe(businessId);
    });

    it('knows which accounts exist', async () => {
      expect(await stores.accountExists(owner)).toBe(true);
      expect(await stores.accountExists(randomUUID())).toBe(false);
    });
  });
});
