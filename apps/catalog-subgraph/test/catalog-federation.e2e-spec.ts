import { randomUUID } from 'node:crypto';
import { CatalogRecordsService } from '../src/modules/records/catalog-records.service';
import { CatalogTestApp, dataOf, startCatalogTestApp } from './support/catalog-test-app';

const ENTITIES = `query($r: [_Any!]!) { _entities(representations: $r) { ... on SKU { id name } } }`;

/**
 * What the gateway sends when another subgraph (order's LineItem.sku, tax's Classification.skus)
 * returns SKU references: one `_entities` request with every representation of the request.
 */
describe('catalog SKU as a federation entity (_entities)', () => {
  let catalog: CatalogTestApp;
  let skus: { id: string; name: string }[];
  let elsewhere: { id: string; name: string };
  let otherStore: string;

  const createSku = async (name: string, store?: string) =>
    dataOf<{ createSku: { id: string; name: string } }>(
      await catalog.gql(
        'mutation($input: CreateSKUInput!) { createSku(input: $input) { id name } }',
        { input: { name } },
        store ? { store } : undefined,
      ),
    ).createSku;

  beforeAll(async () => {
    catalog = await startCatalogTestApp('catalog-federation');
    skus = [];
    for (const name of ['Green tea', 'Black tea', 'White tea']) skus.push(await createSku(name));
    otherStore = catalog.store(catalog.defaults.cred);
    elsewhere = await createSku('Elsewhere tea', otherStore);
  });

  afterAll(async () => {
    await catalog?.close();
  });

  it('resolves every SKU reference of a request with one query, in order, null for unknown ids', async () => {
    const byIds = jest.spyOn(catalog.app.get(CatalogRecordsService), 'byIds');
    try {
      const representations = [
        ...[...skus].reverse().map((s) => ({ __typename: 'SKU', id: s.id })),
        { __typename: 'SKU', id: randomUUID() },
        { __typename: 'SKU', id: 'not-a-catalog-id' },
      ];
      const body = await catalog.gql(ENTITIES, { r: representations });
      expect(dataOf(body)).toEqual({ _entities: [...[...skus].reverse(), null, null] });
      expect(byIds).toHaveBeenCalledTimes(1);
      expect(byIds.mock.calls[0][2]).toHaveLength(representations.length);
    } finally {
      byIds.mockRestore();
    }
  });

  it("resolves a reference in the request's store only: another store's SKU is null", async () => {
    const body = await catalog.gql(ENTITIES, { r: [{ __typename: 'SKU', id: elsewhere.id }] });
    expect(dataOf(body)).toEqual({ _entities: [null] });
    const there = await catalog.gql(
      ENTITIES,
      { r: [{ __typename: 'SKU', id: elsewhere.id }] },
      { store: otherStore },
    );
    expect(dataOf(there)).toEqual({ _entities: [elsewhere] });
  });

  it('needs commerce.product:read: a token with only order scopes gets FORBIDDEN, not SKU names', async () => {
    const store = catalog.defaults.store;
    const orderOnly = await catalog.credential(['commerce.order:read'], [store]);
    const body = await catalog.gql(
      ENTITIES,
      { r: [{ __typename: 'SKU', id: skus[0].id }] },
      { cred: orderOnly },
    );
    expect(body.errors?.map((e) => e.extensions.code)).toEqual(['FORBIDDEN']);
    expect(JSON.stringify(body)).not.toContain(skus[0].name);
  });
});
