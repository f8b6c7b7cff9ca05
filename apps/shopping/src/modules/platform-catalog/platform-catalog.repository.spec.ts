import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { SHOPPING_MIGRATION_SET } from '../../database/shopping.migration-set';
import { PlatformCatalogRepository } from './platform-catalog.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema (and its seeded
// catalog: domain-registration with 8 TLD rows, web-hosting with 3 plans), no HTTP.
describe('PlatformCatalogRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let catalog: PlatformCatalogRepository;

  beforeAll(async () => {
    t = await openTestDataSource('platform-catalog-repository', [SHOPPING_MIGRATION_SET]);
    catalog = new PlatformCatalogRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

  it('searches ACTIVE products by word prefix, kind, price range and id, `limit` at a time', async () => {
    const all = { words: [], limit: 10 };
    expect(ids(await catalog.searchProducts(all))).toEqual(['domain-registration', 'web-hosting']);
    expect(ids(await catalog.searchProducts({ ...all, words: ['hosti', 'node'] }))).toEqual(['web-hosting']);
    expect(ids(await catalog.searchProducts({ ...all, kinds: ['DOMAIN_REGISTRATION'] }))).toEqual([
      'domain-registration',
    ]);
    expect(ids(await catalog.searchProducts({ ...all, priceMin: 10_000 }))).toEqual(['web-hosting']);
    expect(ids(await catalog.searchProducts({ ...all, priceMax: 500 }))).toEqual(['domain-registration']);
    expect(ids(await catalog.searchProducts({ ...all, after: 'domain-registration' }))).toEqual([
      'web-hosting',
    ]);
    expect(ids(await catalog.searchProducts({ ...all, limit: 1 }))).toEqual(['domain-registration']);
  });

  it('reads rows by id with their product, the ACTIVE rows of products in position order, and TLD rows', async () => {
    expect(ids(await catalog.findProducts(['web-hosting', 'nope']))).toEqual(['web-hosting']);
    const [row] = await catalog.findVariantsWithProduct(['web-hosting-3']);
    expect(row).toMatchObject({ amount: 8988, currency: 'USD', product: { kind: 'HOSTING_PLAN' } });
    expect((await catalog.findVariantWithProduct('domain-registration-io'))?.product?.id).toBe(
      'domain-registration',
    );
    expect(ids(await catalog.findActiveVariantsOf(['web-hosting']))).toEqual([
      'web-hosting-1',
      'web-hosting-3',
      'web-hosting-10',
    ]);
    const tlds = await catalog.findActiveTldRows(['com', 'shop', 'nope']);
    expect(tlds.map((r) => [r.id, r.product?.id]).sort()).toEqual([
      ['domain-registration-com', 'domain-registration'],
      ['domain-registration-shop', 'domain-registration'],
    ]);
    expect((await catalog.findActiveTldRow('net'))?.id).toBe('domain-registration-net');
    expect(await catalog.findCatalogCurrency()).toBe('USD');
  });

  it("adds, reprices and archives rows in a transaction; an ACTIVE TLD's second row is refused", async () => {
    const made = await catalog.transaction(async (tx) => {
      const product = await tx.findProductForUpdate('web-hosting');
      const last = await tx.findLastVariantOf('web-hosting');
      expect(await tx.variantExists('web-hosting-25')).toBe(false);
      return tx.insertVariant({
        id: 'web-hosting-25',
        productId: product?.id ?? '',
        title: '25 app slots, 1 year',
        amount: 29_988,
        currency: 'USD',
        attributes: { slotLimit: 25, periodYears: 1 },
        position: (last?.position ?? 0) + 1,
        status: 'ACTIVE',
      });
    });
    expect(made).toMatchObject({ id: 'web-hosting-25', position: 3 });
    expect(await catalog.variantExists('web-hosting-25')).toBe(true);

    await catalog.transaction(async (tx) => {
      const row = await tx.findVariantForUpdate('web-hosting-25');
      if (!row) throw new Error('row not found');
      row.amount = 100;
      row.currency = 'EUR';
      await tx.saveVariant(row);
    });
    expect(await catalog.findActiveCurrencies()).toEqual(['USD', 'EUR']);
    expect(await catalog.findActiveCurrencies('web-hosting-25')).toEqual(['USD']);

    await catalog.setVariantStatus('web-hosting-25', 'ARCHIVED');
    expect((await catalog.findVariant('web-hosting-25'))?.status).toBe('ARCHIVED');
    expect(await catalog.findActiveCurrencies()).toEqual(['USD']);
    expect(ids(await catalog.findAllVariants()).filter((id) => id.startsWith('web-hosting'))).toEqual([
      'web-hosting-1',
      'web-hosting-3',
      'web-hosting-10',
      'web-hosting-25',
    ]);

    await expect(
      catalog.insertVariant({
        id: 'domain-registration-com-2',
        productId: 'domain-registration',
        title: '.com again',
        amount: 1,
        currency: 'USD',
        attributes: { tld: 'com', minYears: 1, maxYears: 10 },
        position: 99,
        status: 'ACTIVE',
      }),
    ).rejects.toMatchObject({ driverError: { code: '23505' } });
  });

  it('archives a product: no longer searched', async () => {
    await catalog.setProductStatus('domain-registration', 'ARCHIVED');
    expect((await catalog.findProduct('domain-registration'))?.status).toBe('ARCHIVED');
    expect(ids(await catalog.findAllProducts())).toEqual(['domain-registration', 'web-hosting']);
    expect(ids(await catalog.searchProducts({ words: [], limit: 10 }))).toEqual(['web-hosting']);
  });
});
