import { randomUUID } from 'node:crypto';
import { INTERNAL_CREDENTIAL_HEADER } from '@platform/crypto';
import type { StoreProduct, StoreProductSearchResponse } from '@platform/contracts';
import { CatalogTestApp, startCatalogTestApp } from './support/catalog-test-app';
import { mutate, postInternal } from './support/shopping-catalog';
import { seedStoreProducts } from './support/store-products-seed';

// POST /internal/v1/stores/{storeId}/shopping-products/{search,lookup} (modules/shopping-products):
// a store's SKU groups as the Shopping API's products, with the platform's internal credential.

describe('catalog: shopping products for the Shopping API', () => {
  let t: CatalogTestApp;
  let store: string;
  const ids: Record<string, string> = {};

  const search = (storeId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    postInternal(t, `/internal/v1/stores/${storeId}/shopping-products/search`, body, headers);
  const lookup = (storeId: string, body: unknown, headers: Record<string, string> = {}) =>
    postInternal(t, `/internal/v1/stores/${storeId}/shopping-products/lookup`, body, headers);
  const searchIds = async (body: Record<string, unknown>) => {
    const response = await search(store, { limit: 100, ...body });
    expect(response.statusCode).toBe(200);
    return (response.json() as StoreProductSearchResponse).products.map((p) => p.id).sort();
  };

  beforeAll(async () => {
    t = await startCatalogTestApp('catalog-shopping-products');
    store = t.defaults.store;
    const sku = (input: Record<string, unknown>) => mutate(t, 'createSku', 'CreateSKUInput', input);
    const group = (input: Record<string, unknown>) =>
      mutate(t, 'createSkuGroup', 'MutationCreateSkuGroupInput', input);
    const addSkus = (id: string, skuIds: string[]) =>
      mutate(t, 'addSkusToSkuGroup', 'MutationAddSkusToSkuGroupInput', { skuIds }, { id });

    ids.mug = await sku({
      name: 'mug-blue',
      label: 'Blue mug',
      code: 'MUG-BLUE',
      description: 'Stoneware, dishwasher safe',
      price: { value: 1999, currencyCode: 'USD' },
      compareAtPrice: { value: 2499, currencyCode: 'USD' },
    });
    ids.mugDraft = await sku({
      name: 'mug-red',
      code: 'MUG-RED',
      status: 'DRAFT',
      price: { value: 1899, currencyCode: 'USD' },
    });
    ids.teaGroup = await group({ name: 'mugs', label: 'Mugs', description: 'For tea and coffee' });
    await addSkus(ids.teaGroup, [ids.mug, ids.mugDraft]);

    ids.kettle = await sku({ name: 'kettle', code: 'KETTLE-1', price: { value: 5000, currencyCode: 'USD' } });
    ids.kettleGroup = await group({ name: 'Kettles' });
    await addSkus(ids.kettleGroup, [ids.kettle]);

    ids.onlyDraftSku = await sku({ name: 'prototype', code: 'PROTO-1', status: 'DRAFT' });
    ids.onlyDraftGroup = await group({ name: 'Prototypes' });
    await addSkus(ids.onlyDraftGroup, [ids.onlyDraftSku]);

    ids.draftGroupSku = await sku({
      name: 'teapot',
      code: 'POT-1',
      price: { value: 3000, currencyCode: 'USD' },
    });
    ids.draftGroup = await group({ name: 'Teapots', status: 'DRAFT' });
    await addSkus(ids.draftGroup, [ids.draftGroupSku]);

    ids.ungrouped = await sku({
      name: 'loose spoon',
      code: 'SPOON-1',
      price: { value: 300, currencyCode: 'USD' },
    });

    // Options, media, lists, inventory of the mug.
    ids.size = await mutate(
      t,
      'createOption',
      'MutationCreateOptionInput',
      { name: 'Size' },
      { selection: '{ ... on ListOption { id } }' },
    );
    ids.large = await mutate(t, 'createOptionValue', 'MutationCreateOptionValueInput', {
      name: 'Large',
      optionId: ids.size,
    });
    await mutate(
      t,
      'addOptionValuesToSku',
      'MutationAddOptionValuesToSkuInput',
      { optionValueIds: [ids.large] },
      { id: ids.mug },
    );
    const media = async (url: string) =>
      mutate(t, 'createMediaObject', 'MutationCreateMediaObjectInput', { name: url, url });
    const groupPhoto = await media('https://cdn.example.com/mugs.png');
    const mugPhoto = await media('https://cdn.example.com/mug-blue.png');
    await mutate(
      t,
      'addMediaObjectsToSkuGroup',
      'MutationAddMediaObjectsToSkuGroupInput',
      { mediaObjectIds: [groupPhoto] },
      { id: ids.teaGroup },
    );
    await mutate(
      t,
      'addMediaObjectsToSku',
      'MutationAddMediaObjectsToSkuInput',
      { mediaObjectIds: [mugPhoto] },
      { id: ids.mug },
    );
    ids.kitchen = await mutate(t, 'createList', 'MutationCreateListInput', {
      name: 'kitchen',
      label: 'Kitchen',
    });
    ids.gifts = await mutate(t, 'createList', 'MutationCreateListInput', { name: 'Gifts' });
    await mutate(
      t,
      'addSkuGroupToLists',
      'MutationAddSkuGroupToListsInput',
      { listIds: [ids.kitchen] },
      { id: ids.teaGroup },
    );
    await mutate(
      t,
      'addSkusToList',
      'MutationAddSkusToListInput',
      { skuIds: [ids.kettle] },
      { id: ids.gifts },
    );
    ids.shelf = await mutate(t, 'createLocation', 'MutationCreateLocationInput', { name: 'Shelf' });
    await mutate(t, 'stockInventory', 'MutationStockInventoryInput', {
      locationId: ids.shelf,
      skuId: ids.mug,
      quantity: 7,
    });
  });
  afterAll(async () => t?.close());

  it('answers a SKU group as a product: its ACTIVE SKUs as variants with prices, options, media, availability and its lists', async () => {
    const response = await search(store, { limit: 100, query: 'mug' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      products: [
        {
          id: ids.teaGroup,
          handle: null,
          title: 'Mugs',
          description: 'For tea and coffee',
          status: 'ACTIVE',
          categories: ['Kitchen'],
          mediaUrls: ['https://cdn.example.com/mugs.png'],
          variants: [
            {
              id: ids.mug,
              code: 'MUG-BLUE',
              title: 'Blue mug',
              status: 'ACTIVE',
              price: { value: 1999, currencyCode: 'USD' },
              compareAtPrice: { value: 2499, currencyCode: 'USD' },
              available: 7,
              options: [{ name: 'Size', value: 'Large' }],
              mediaUrl: 'https://cdn.example.com/mug-blue.png',
            },
          ],
        },
      ],
      nextCursor: null,
    });
  });

  it('searches only ACTIVE groups with an ACTIVE SKU; SKUs in no group are not products', async () => {
    expect(await searchIds({})).toEqual([ids.teaGroup, ids.kettleGroup].sort());
  });

  it('reports a SKU without inventory counts as untracked (available null)', async () => {
    const products = (
      await search(store, { limit: 100, query: 'kettle' })
    ).json() as StoreProductSearchResponse;
    expect(products.products[0].variants[0]).toMatchObject({ id: ids.kettle, available: null });
  });

  it.each([
    ['a SKU code', 'mug-blue', ['teaGroup']],
    ['a group description', 'COFFEE', ['teaGroup']],
    ['a SKU description', 'dishwasher', ['teaGroup']],
    ['words found in the group and in one of its SKUs', 'mugs stoneware', ['teaGroup']],
    ['a word nobody has', 'mugs titanium', []],
    ['a DRAFT SKU only', 'mug-red', []],
    ['LIKE characters taken literally', 'mu_', []],
  ])('filters by free text over %s', async (_what, query, expected) => {
    expect(await searchIds({ query })).toEqual(expected.map((k) => ids[k]).sort());
  });

  it.each([
    ['a list id the group was added to', () => [ids.kitchen], ['teaGroup']],
    ['a list name (case-insensitive label)', () => ['KITCHEN'], ['teaGroup']],
    ['a list holding one of its SKUs', () => ['Gifts'], ['kettleGroup']],
    ['any of several', () => ['kitchen', ids.gifts], ['teaGroup', 'kettleGroup']],
    ['an unknown list', () => ['Garden', randomUUID()], []],
  ])('filters by category: %s', async (_what, categories, expected) => {
    expect(await searchIds({ categories: categories() })).toEqual(expected.map((k) => ids[k]).sort());
  });

  it.each([
    [{ priceMin: 1999, priceMax: 1999 }, ['teaGroup']],
    [{ priceMin: 2000 }, ['kettleGroup']],
    [{ priceMax: 1998 }, []],
    [{ priceMin: 0, priceMax: 100000 }, ['teaGroup', 'kettleGroup']],
  ])('filters by a variant price in range %j', async (range, expected) => {
    expect(await searchIds(range)).toEqual(expected.map((k) => ids[k]).sort());
  });

  it('looks up a group by its id and by any SKU id, in any status, each product once, unknown ids absent', async () => {
    const response = await lookup(store, {
      ids: [ids.mugDraft, randomUUID(), 'not-a-uuid', ids.teaGroup, ids.draftGroup, ids.ungrouped],
    });
    expect(response.statusCode).toBe(200);
    const products = (response.json() as { products: StoreProduct[] }).products;
    expect(products.map((p) => p.id)).toEqual([ids.teaGroup, ids.draftGroup]);
    expect(products[0].variants.map((v) => [v.id, v.status])).toEqual([
      [ids.mug, 'ACTIVE'],
      [ids.mugDraft, 'DRAFT'],
    ]);
    expect(products[1]).toMatchObject({
      status: 'DRAFT',
      variants: [{ id: ids.draftGroupSku, status: 'ACTIVE' }],
    });
  });

  it("does not answer another store's products", async () => {
    const other = randomUUID();
    expect((await lookup(other, { ids: [ids.teaGroup, ids.mug] })).json()).toEqual({ products: [] });
    expect((await search(other, { limit: 10 })).json()).toEqual({ products: [], nextCursor: null });
  });

  it.each([
    ['limit 0', { limit: 0 }],
    ['limit 101', { limit: 101 }],
    ['no limit', {}],
    ['a fractional limit', { limit: 1.5 }],
    ['a cursor that is not base64url', { limit: 10, cursor: 'not a cursor!' }],
    ['a forged cursor', { limit: 10, cursor: Buffer.from('sp1|yesterday|x').toString('base64url') }],
    ['a negative priceMin', { limit: 10, priceMin: -1 }],
    ['priceMin above priceMax', { limit: 10, priceMin: 10, priceMax: 9 }],
    ['categories not a list', { limit: 10, categories: 'Kitchen' }],
    ['an unknown field', { limit: 10, page: 2 }],
  ])('refuses a search with %s (400)', async (_what, body) => {
    const response = await search(store, body);
    expect(response.statusCode).toBe(400);
  });

  it.each([
    ['no ids', { ids: [] }],
    ['101 ids', { ids: Array.from({ length: 101 }, () => randomUUID()) }],
    ['ids not strings', { ids: [1] }],
    ['no body field', {}],
  ])('refuses a lookup with %s (400)', async (_what, body) => {
    expect((await lookup(store, body)).statusCode).toBe(400);
  });

  it('refuses a store id that is not a uuid (400)', async () => {
    expect((await search('nope', { limit: 1 })).statusCode).toBe(400);
  });

  it.each([
    ['no internal credential', { [INTERNAL_CREDENTIAL_HEADER]: '' }],
    ['a wrong internal credential', { [INTERNAL_CREDENTIAL_HEADER]: 'x'.repeat(43) }],
  ])('refuses a call with %s (401)', async (_what, headers) => {
    expect((await search(store, { limit: 1 }, headers)).statusCode).toBe(401);
    expect((await lookup(store, { ids: [ids.mug] }, headers)).statusCode).toBe(401);
  });

  it("refuses a caller's bearer token in place of the internal credential (401)", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/internal/v1/stores/${store}/shopping-products/search`,
      headers: { 'content-type': 'application/json', ...t.defaults.cred.headers },
      payload: JSON.stringify({ limit: 1 }),
    });
    expect(response.statusCode).toBe(401);
  });

  describe('paging', () => {
    it('walks every group exactly once by cursor, also while groups are added between pages', async () => {
      const big = randomUUID();
      const seeded = await seedStoreProducts(t.dataSource, big, {
        groups: 230,
        skusPerGroup: 2,
        createdFrom: new Date(Date.now() - 3_600_000),
      });
      const seen: string[] = [];
      const skus: string[] = [];
      let cursor: string | null | undefined;
      let pages = 0;
      do {
        const response = await search(big, { limit: 37, ...(cursor ? { cursor } : {}) });
        expect(response.statusCode).toBe(200);
        const page = response.json() as StoreProductSearchResponse;
        seen.push(...page.products.map((p) => p.id));
        skus.push(...page.products.flatMap((p) => p.variants.map((v) => v.id)));
        cursor = page.nextCursor;
        pages++;
        // A group created now sorts after every seeded one: it shows up once, at the end.
        if (pages === 2) await seedStoreProducts(t.dataSource, big, { groups: 3, namePrefix: 'Late' });
      } while (cursor);
      expect(pages).toBe(Math.ceil(233 / 37));
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.slice(0, 230)).toEqual(seeded.groupIds);
      expect(seen).toHaveLength(233);
      expect(skus.slice(0, 460)).toEqual(seeded.skuIds);
    });

    it('pages with filters: the cursor continues the same filtered order (a word too common to drive the search)', async () => {
      const big = randomUUID();
      // 1 000 groups and SKUs hold "seed": more than a rare word's 1 000 records.
      await seedStoreProducts(t.dataSource, big, { groups: 1000, basePrice: 0 });
      const prices: number[] = [];
      let cursor: string | null = null;
      do {
        const page = (
          await search(big, {
            limit: 7,
            priceMin: 50,
            priceMax: 99,
            query: 'seed',
            ...(cursor ? { cursor } : {}),
          })
        ).json() as StoreProductSearchResponse;
        prices.push(...page.products.map((p) => p.variants[0].price?.value ?? -1));
        cursor = page.nextCursor;
      } while (cursor);
      expect(prices).toEqual(Array.from({ length: 50 }, (_, i) => 50 + i));
    });
  });
});
