import { randomUUID } from 'node:crypto';
import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { insertLink, insertRecord } from '../../../test/support/catalog-rows';
import { seedStoreProducts } from '../../../test/support/store-products-seed';
import { CATALOG_MIGRATION_SET } from '../../database/catalog.migration-set';
import { GroupSearch, StoreProductsRepository } from './store-products.repository';

// Medium tier (docs/testing.md): the Shopping API's product reads against the real migrated
// schema, no HTTP.
describe('StoreProductsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let catalog: StoreProductsRepository;

  beforeAll(async () => {
    t = await openTestDataSource('catalog-store-products-repository', [CATALOG_MIGRATION_SET]);
    catalog = new StoreProductsRepository(t.dataSource.manager);
  });

  afterAll(() => t?.close());

  const walk = (fields: Partial<GroupSearch> = {}): GroupSearch => ({
    after: null,
    listIds: null,
    words: [],
    rareWords: new Set(),
    limit: 100,
    ...fields,
  });

  it('walks ACTIVE groups with an ACTIVE SKU in (createdAt, id) order, after a position, in a price range', async () => {
    const storeId = randomUUID();
    const { groupIds, skuIds } = await seedStoreProducts(t.dataSource, storeId, {
      groups: 4,
      basePrice: 1000,
      createdFrom: new Date('2026-02-01T00:00:00.000Z'),
    });
    await t.dataSource.query(`UPDATE "catalog"."records" SET status = 'DRAFT' WHERE id = $1`, [skuIds[3]]);
    const ids = async (fields: Partial<GroupSearch>) =>
      (await catalog.searchGroups(storeId, walk(fields))).map((g) => g.id);
    expect(await ids({})).toEqual(groupIds.slice(0, 3)); // the fourth's only SKU is not ACTIVE
    expect(await ids({ limit: 2 })).toEqual(groupIds.slice(0, 2));
    const [first] = await catalog.searchGroups(storeId, walk({ limit: 1 }));
    expect(await ids({ after: { createdAt: first.created_at, id: first.id } })).toEqual(groupIds.slice(1, 3));
    // Prices are 1000 + i for group i: 1002 only.
    expect(await ids({ priceMin: 1002, priceMax: 1002 })).toEqual([groupIds[1]]);
    expect(await ids({ words: ['product 3'], rareWords: new Set(['product 3']) })).toEqual([groupIds[2]]);
    expect(await ids({ words: ['product 3'] })).toEqual([groupIds[2]]);
    expect(await catalog.countWordHolders(storeId, ['seed', 'nothing'], 5)).toEqual(
      new Map([
        ['seed', 5],
        ['nothing', 0],
      ]),
    );
  });

  it('finds lists by id, name or label, and the groups in them by any of the three links', async () => {
    const storeId = randomUUID();
    const { groupIds, skuIds } = await seedStoreProducts(t.dataSource, storeId, { groups: 4 });
    const db = t.dataSource;
    const list = await insertRecord(db, { storeId, kind: 'LIST', name: 'Mugs', label: 'Coffee Mugs' });
    await insertRecord(db, { storeId, kind: 'LIST', name: 'Old', status: 'ARCHIVED' });
    expect(await catalog.findListIds(storeId, [], ['mugs'])).toEqual([list]);
    expect(await catalog.findListIds(storeId, [], ['coffee mugs'])).toEqual([list]);
    expect(await catalog.findListIds(storeId, [list], [])).toEqual([list]);
    expect(await catalog.findListIds(storeId, [], ['old'])).toEqual([]);
    await insertLink(db, storeId, groupIds[0], 'SKU_GROUP:LIST', list);
    await insertLink(db, storeId, list, 'LIST:SKU_GROUP', groupIds[1]);
    await insertLink(db, storeId, list, 'LIST:SKU', skuIds[2]);
    const found = await catalog.searchGroups(storeId, walk({ listIds: [list] }));
    expect(found.map((g) => g.id)).toEqual(groupIds.slice(0, 3));
    const names = await catalog.findCategoryNames(storeId, groupIds);
    expect(names).toEqual(
      groupIds
        .slice(0, 3)
        .map((id) => ({ group_id: id, name: 'Coffee Mugs' }))
        .sort((a, b) => a.group_id.localeCompare(b.group_id)),
    );
  });

  it("reads the groups ids name, and a page's variants with prices and availability, options and media", async () => {
    const storeId = randomUUID();
    const db = t.dataSource;
    const { groupIds, skuIds } = await seedStoreProducts(db, storeId, {
      groups: 1,
      skusPerGroup: 2,
      basePrice: 500,
    });
    const [group, [a, b]] = [groupIds[0], skuIds];
    expect(
      (await catalog.findGroupsNamedBy(storeId, [group, b, randomUUID()]))
        .map((r) => [r.id, r.named_by])
        .sort(),
    ).toEqual(
      [
        [group, group],
        [group, b],
      ].sort(),
    );
    await db.query(`UPDATE "catalog"."records" SET status = 'DRAFT' WHERE id = $1`, [b]);
    const here = await insertRecord(db, { storeId, kind: 'LOCATION' });
    const archived = await insertRecord(db, { storeId, kind: 'LOCATION', status: 'ARCHIVED' });
    await db.query(
      `INSERT INTO "catalog"."inventory_counts" (location_id, sku_id, store_id, on_hand, committed, updated_at)
       VALUES ($1, $3, $4, 5, 2, now()), ($2, $3, $4, 9, 0, now())`,
      [here, archived, a, storeId],
    );
    const all = await catalog.findVariants(storeId, [group], false);
    expect(all.map((v) => [v.id, v.status, v.price, v.available])).toEqual([
      [a, 'ACTIVE', { value: 501, currencyCode: 'USD' }, 3],
      [b, 'DRAFT', { value: 501, currencyCode: 'USD' }, null],
    ]);
    expect((await catalog.findVariants(storeId, [group], true)).map((v) => v.id)).toEqual([a]);

    const size = await insertRecord(db, {
      storeId,
      kind: 'OPTION',
      name: 'size',
      label: 'Size',
      data: { position: 1 },
    });
    const large = await insertRecord(db, {
      storeId,
      kind: 'OPTION_VALUE',
      name: 'l',
      label: 'Large',
      parentId: size,
    });
    await insertLink(db, storeId, a, 'SKU:OPTION_VALUE', large);
    expect(await catalog.findOptionValues(storeId, [a, b])).toEqual([
      { sku_id: a, name: 'Size', value: 'Large' },
    ]);

    const media = async (url: string | null, status = 'ACTIVE') =>
      insertRecord(db, { storeId, kind: 'MEDIA_OBJECT', status, data: url === null ? {} : { url } });
    await insertLink(db, storeId, group, 'SKU_GROUP:MEDIA_OBJECT', await media('https://m/2'), 2);
    await insertLink(db, storeId, group, 'SKU_GROUP:MEDIA_OBJECT', await media('https://m/1'), 1);
    await insertLink(db, storeId, group, 'SKU_GROUP:MEDIA_OBJECT', await media('https://m/x', 'ARCHIVED'), 3);
    await insertLink(db, storeId, a, 'SKU:MEDIA_OBJECT', await media(null), 1);
    await insertLink(db, storeId, b, 'SKU:MEDIA_OBJECT', await media('https://m/b'), 1);
    expect(await catalog.findMediaUrls(storeId, [group, a, b])).toEqual(
      [
        { owner_id: group, url: 'https://m/1' },
        { owner_id: group, url: 'https://m/2' },
        { owner_id: b, url: 'https://m/b' },
      ].sort((x, y) => x.owner_id.localeCompare(y.owner_id)),
    );
  });
});
