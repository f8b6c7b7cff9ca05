import { randomUUID } from 'node:crypto';
import { INTERNAL_CREDENTIAL_HEADER, deriveInternalCredential } from '@platform/crypto';
import { TEST_ENCRYPTION_KEY } from '@platform/testing';
import { CatalogTestApp, dataOf, startCatalogTestApp } from './support/catalog-test-app';

// POST /internal/v1/stores/{storeId}/sku-prices (modules/storefront-pricing): what the order
// subgraph's storefront prices cart lines from, with the platform's internal credential.

describe('catalog: internal SKU prices for the order storefront', () => {
  let t: CatalogTestApp;
  const credential = deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'));

  const prices = (storeId: string, skuIds: string[], headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/internal/v1/stores/${storeId}/sku-prices`,
      headers: { 'content-type': 'application/json', [INTERNAL_CREDENTIAL_HEADER]: credential, ...headers },
      payload: JSON.stringify({ skuIds }),
    });

  async function createSku(input: Record<string, unknown>): Promise<string> {
    const body = await t.gql('mutation($input: CreateSKUInput!) { createSku(input: $input) { id } }', {
      input,
    });
    return dataOf<{ createSku: { id: string } }>(body).createSku.id;
  }

  beforeAll(async () => {
    t = await startCatalogTestApp('catalog-sku-prices');
  });
  afterAll(async () => t?.close());

  it("answers each known SKU's price, status, code, taxability and first media URL; unknown ids are absent", async () => {
    const mug = await createSku({
      name: 'Mug',
      code: 'MUG-1',
      price: { value: 1999, currencyCode: 'USD' },
      compareAtPrice: { value: 2499, currencyCode: 'USD' },
      taxable: false,
    });
    const media = dataOf<{ createMediaObject: { id: string } }>(
      await t.gql(
        'mutation($input: MutationCreateMediaObjectInput!) { createMediaObject(input: $input) { id } }',
        {
          input: { name: 'Mug photo', url: 'https://cdn.example.com/mug.png' },
        },
      ),
    ).createMediaObject.id;
    dataOf(
      await t.gql(
        'mutation($id: String!, $input: MutationAddMediaObjectsToSkuInput!) { addMediaObjectsToSku(id: $id, input: $input) { id } }',
        {
          id: mug,
          input: { mediaObjectIds: [media] },
        },
      ),
    );
    const unpriced = await createSku({ name: 'Sample', code: 'SAMPLE-1' });
    const response = await prices(t.defaults.store, [mug, unpriced, randomUUID(), 'not-a-uuid']);
    expect(response.statusCode).toBe(200);
    const skus = (response.json() as { skus: Record<string, unknown>[] }).skus;
    expect(skus.find((s) => s.id === mug)).toEqual({
      id: mug,
      name: 'Mug',
      code: 'MUG-1',
      status: 'ACTIVE',
      price: { value: 1999, currencyCode: 'USD' },
      compareAtPrice: { value: 2499, currencyCode: 'USD' },
      taxable: false,
      mediaUrl: 'https://cdn.example.com/mug.png',
      unitOfMeasure: null,
    });
    expect(skus.find((s) => s.id === unpriced)).toMatchObject({ price: null, taxable: true, mediaUrl: null });
    expect(skus).toHaveLength(2);
  });

  it("prices from the SKU's oldest active price record for every channel and quantity, else its own price", async () => {
    const sku = await createSku({
      name: 'Teapot',
      code: 'POT-1',
      price: { value: 3000, currencyCode: 'USD' },
    });
    const priceRecord = async (input: Record<string, unknown>) =>
      dataOf<{ createSkuPrice: { id: string } }>(
        await t.gql(
          'mutation($input: MutationCreateSkuPriceInput!) { createSkuPrice(input: $input) { id } }',
          {
            input: { name: 'price', skuId: sku, ...input },
          },
        ),
      ).createSkuPrice.id;
    const priceOf = async () =>
      ((await prices(t.defaults.store, [sku])).json() as { skus: Record<string, unknown>[] }).skus[0];

    // Records for one channel or from a quantity of 2 do not price a cart line.
    await priceRecord({ amount: { value: 2000, currencyCode: 'USD' }, channelId: 'web' });
    await priceRecord({ amount: { value: 2100, currencyCode: 'USD' }, minQuantity: 2 });
    expect(await priceOf()).toMatchObject({
      price: { value: 3000, currencyCode: 'USD' },
      compareAtPrice: null,
    });

    const base = await priceRecord({
      amount: { value: 2500, currencyCode: 'USD' },
      compareAtValue: { value: 2900, currencyCode: 'USD' },
      minQuantity: 1,
    });
    await priceRecord({ amount: { value: 2400, currencyCode: 'USD' } });
    expect(await priceOf()).toMatchObject({
      price: { value: 2500, currencyCode: 'USD' },
      compareAtPrice: { value: 2900, currencyCode: 'USD' },
    });

    // The same price everywhere the catalog speaks of one: its group's price range and the
    // price orderings (sku-current-price.ts).
    const cheap = await createSku({
      name: 'Cup',
      code: 'CUP-1',
      price: { value: 2450, currencyCode: 'USD' },
    });
    const group = dataOf<{ createSkuGroup: { id: string } }>(
      await t.gql('mutation($input: MutationCreateSkuGroupInput!) { createSkuGroup(input: $input) { id } }', {
        input: { name: 'Tea things' },
      }),
    ).createSkuGroup.id;
    dataOf(
      await t.gql(
        'mutation($id: String!, $input: MutationAddSkusToSkuGroupInput!) { addSkusToSkuGroup(id: $id, input: $input) { id } }',
        { id: group, input: { skuIds: [sku, cheap] } },
      ),
    );
    const shelf = async () =>
      dataOf<{
        skuGroup: { priceRange: { min: number; max: number } };
        skus: { edges: { node: { id: string } }[] };
      }>(
        await t.gql(
          `query($group: String!, $ids: [String!]!) {
            skuGroup(id: $group) { priceRange { min max } }
            skus(first: 10, id: { in: $ids }, orderBy: { price: ASC }) { edges { node { id } } }
          }`,
          { group, ids: [sku, cheap] },
        ),
      );
    expect(await shelf()).toEqual({
      skuGroup: { priceRange: { min: 2450, max: 2500 } },
      skus: { edges: [{ node: { id: cheap } }, { node: { id: sku } }] },
    });

    // Archived, the next oldest base record applies.
    dataOf(await t.gql('mutation($id: String!) { archiveSkuPrice(id: $id) { id } }', { id: base }));
    expect(await priceOf()).toMatchObject({ price: { value: 2400, currencyCode: 'USD' } });
    expect(await shelf()).toEqual({
      skuGroup: { priceRange: { min: 2400, max: 2450 } },
      skus: { edges: [{ node: { id: sku } }, { node: { id: cheap } }] },
    });
  });

  it('reports an archived SKU with its status (the order subgraph refuses it)', async () => {
    const sku = await createSku({ name: 'Old', code: 'OLD-1', price: { value: 100, currencyCode: 'USD' } });
    dataOf(await t.gql('mutation($id: String!) { archiveSku(id: $id) { id } }', { id: sku }));
    const skus = ((await prices(t.defaults.store, [sku])).json() as { skus: { status: string }[] }).skus;
    expect(skus.map((s) => s.status)).toEqual(['ARCHIVED']);
  });

  it("does not show another store's SKUs", async () => {
    const sku = await createSku({ name: 'Mine', code: 'MINE-1', price: { value: 100, currencyCode: 'USD' } });
    const response = await prices(randomUUID(), [sku]);
    expect((response.json() as { skus: unknown[] }).skus).toEqual([]);
  });

  it('refuses a call without the internal credential (401)', async () => {
    expect(
      (await prices(t.defaults.store, [randomUUID()], { [INTERNAL_CREDENTIAL_HEADER]: 'nope' })).statusCode,
    ).toBe(401);
  });

  it('refuses a body without skuIds (400)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/internal/v1/stores/${t.defaults.store}/sku-prices`,
      headers: { 'content-type': 'application/json', [INTERNAL_CREDENTIAL_HEADER]: credential },
      payload: '{}',
    });
    expect(response.statusCode).toBe(400);
  });
});
