import { randomUUID } from 'node:crypto';
import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { insertLink, insertRecord } from '../../../test/support/catalog-rows';
import { CATALOG_MIGRATION_SET } from '../../database/catalog.migration-set';
import { StorefrontPricingRepository } from './storefront-pricing.repository';

// Medium tier (docs/testing.md): the price route's reads against the real migrated schema, no HTTP.
describe('StorefrontPricingRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let catalog: StorefrontPricingRepository;

  beforeAll(async () => {
    t = await openTestDataSource('catalog-storefront-pricing-repository', [CATALOG_MIGRATION_SET]);
    catalog = new StorefrontPricingRepository(t.dataSource.manager);
  });

  afterAll(() => t?.close());

  const usd = (value: number) => ({ value, currencyCode: 'USD' });

  it("finds only the store's SKUs and media objects among the ids given", async () => {
    const storeId = randomUUID();
    const db = t.dataSource;
    const sku = await insertRecord(db, { storeId, kind: 'SKU', code: 'A-1' });
    const media = await insertRecord(db, { storeId, kind: 'MEDIA_OBJECT', data: { url: 'https://m/1' } });
    const elsewhere = await insertRecord(db, { storeId: randomUUID(), kind: 'SKU' });
    expect((await catalog.findSkus(storeId, [sku, media, elsewhere, randomUUID()])).map((r) => r.id)).toEqual(
      [sku],
    );
    expect((await catalog.findMediaObjects(storeId, [sku, media])).map((r) => r.data)).toEqual([
      { url: 'https://m/1' },
    ]);
  });

  it("reads the SKUs' media links by position, only SKU:MEDIA_OBJECT links of the store", async () => {
    const storeId = randomUUID();
    const db = t.dataSource;
    const [a, b] = [
      await insertRecord(db, { storeId, kind: 'SKU' }),
      await insertRecord(db, { storeId, kind: 'SKU' }),
    ];
    const [m1, m2, m3] = [randomUUID(), randomUUID(), randomUUID()];
    await insertLink(db, storeId, a, 'SKU:MEDIA_OBJECT', m2, 2);
    await insertLink(db, storeId, a, 'SKU:MEDIA_OBJECT', m1, 1);
    await insertLink(db, storeId, b, 'SKU:MEDIA_OBJECT', m3, 1);
    await insertLink(db, storeId, a, 'SKU:OPTION_VALUE', randomUUID(), 1);
    const links = await catalog.findMediaLinks(storeId, [a]);
    expect(links.map((l) => [l.ownerId, l.memberId])).toEqual([
      [a, m1],
      [a, m2],
    ]);
    expect(await catalog.findMediaLinks(randomUUID(), [a, b])).toEqual([]);
  });

  it("answers each SKU's current price: its oldest ACTIVE all-channel price record, else its own", async () => {
    const storeId = randomUUID();
    const db = t.dataSource;
    const own = await insertRecord(db, {
      storeId,
      kind: 'SKU',
      data: { price: usd(1000), compareAtPrice: usd(1200) },
    });
    const priced = await insertRecord(db, { storeId, kind: 'SKU', data: { price: usd(1000) } });
    const at = new Date('2026-01-01T00:00:00Z');
    await insertRecord(db, {
      storeId,
      kind: 'SKU_PRICE',
      parentId: priced,
      data: { amount: usd(900), compareAtValue: usd(950) },
      createdAt: at,
    });
    await insertRecord(db, {
      storeId,
      kind: 'SKU_PRICE',
      parentId: priced,
      data: { amount: usd(800) },
      createdAt: new Date(at.getTime() + 1000),
    });
    await insertRecord(db, {
      storeId,
      kind: 'SKU_PRICE',
      parentId: priced,
      data: { amount: usd(700), channelId: randomUUID() },
      createdAt: new Date(at.getTime() - 1000),
    });
    const bare = await insertRecord(db, { storeId, kind: 'SKU' });
    const rows = await catalog.findCurrentPrices(storeId, [own, priced, bare, randomUUID()]);
    expect(new Map(rows.map((r) => [r.id, r]))).toEqual(
      new Map([
        [own, { id: own, price: usd(1000), compare_at_price: usd(1200) }],
        [priced, { id: priced, price: usd(900), compare_at_price: usd(950) }],
        [bare, { id: bare, price: null, compare_at_price: null }],
      ]),
    );
  });
});
