import { randomUUID } from 'node:crypto';
import { TestCredential } from '@platform/testing';
import { CatalogTestApp, dataOf, defaultsOf, startCatalogTestApp } from './support/catalog-test-app';

const SKUS = '{ skus(first: 1) { nodes { id } } }';
const CREATE = 'mutation { createSku(input: { name: "scoped" }) { id } }';

describe('catalog subgraph error rules, scopes, limits and inventory of fields', () => {
  let catalog: CatalogTestApp;
  let store: string;
  let cred: TestCredential;

  beforeAll(async () => {
    catalog = await startCatalogTestApp('catalog-errors');
    ({ store, cred } = defaultsOf(catalog));
  });

  afterAll(async () => {
    await catalog?.close();
  });

  describe('store selection: path storeId and x-store-id, both uuids, the header wins', () => {
    it('answers a missing x-store-id with UNAUTHENTICATED and no data', async () => {
      const res = await catalog.post({ query: SKUS }, { store: null, pathStore: store });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        errors: [{ message: expect.stringMatching(/x-store-id/), extensions: { code: 'UNAUTHENTICATED' } }],
      });
    });

    it('answers a malformed x-store-id, a malformed path segment and an inaccessible store with INTERNAL_SERVER_ERROR', async () => {
      for (const options of [
        { store: 'store-1', pathStore: store },
        { store, pathStore: 'not-a-store' },
        { store: randomUUID() },
      ]) {
        const res = await catalog.post({ query: SKUS }, options);
        expect(res.statusCode).toBe(200);
        expect(res.json().errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual([
          'INTERNAL_SERVER_ERROR',
        ]);
        expect(res.json().data ?? null).toBeNull();
      }
    });

    it('lets the header win over the path when they differ: records land in and are read from the header store', async () => {
      const other = catalog.store(cred);
      const made = await catalog.gql(
        'mutation { r: createSku(input: { name: "header wins" }) { id } }',
        undefined,
        {
          store: other,
          pathStore: store,
        },
      );
      const id = dataOf<{ r: { id: string } }>(made).r.id;
      const inHeaderStore = await catalog.gql(`{ r: sku(id: "${id}") { name } }`, undefined, {
        store: other,
      });
      expect(dataOf(inHeaderStore)).toEqual({ r: { name: 'header wins' } });
      const inPathStore = await catalog.gql(`{ r: sku(id: "${id}") { name } }`, undefined, { store });
      expect(inPathStore.errors?.[0].extensions.code).toBe('SKU_NOT_FOUND');
    });
  });

  describe('authentication and scopes', () => {
    it('answers no token with HTTP 401 UNAUTHENTICATED', async () => {
      const res = await catalog.app.inject({
        method: 'POST',
        url: `/v2/commerce/stores/${store}/catalog-subgraph`,
        headers: { 'content-type': 'application/json', 'x-store-id': store },
        payload: JSON.stringify({ query: SKUS }),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
    });

    it('needs commerce.product:read for queries and commerce.product:write for mutations (FORBIDDEN, HTTP 200)', async () => {
      const reader = await catalog.credential(['commerce.product:read'], [store]);
      const writer = await catalog.credential(['commerce.product:write'], [store]);
      const other = await catalog.credential(['commerce.tax:read'], [store]);
      expect((await catalog.gql(SKUS, undefined, { cred: reader })).errors).toBeUndefined();
      expect((await catalog.gql(CREATE, undefined, { cred: writer })).errors).toBeUndefined();
      for (const [who, query] of [
        [reader, CREATE],
        [writer, SKUS],
        [other, SKUS],
        [other, CREATE],
      ] as const) {
        const body = await catalog.gql(query, undefined, { cred: who });
        expect(body.errors?.map((e) => e.extensions.code)).toEqual(['FORBIDDEN']);
      }
    });
  });

  describe('request validation and limits', () => {
    it('answers an unknown field with HTTP 400 GRAPHQL_VALIDATION_FAILED', async () => {
      const res = await catalog.post({ query: '{ skus(first: 1) { nodes { id price2 } } }' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('answers a wrongly typed variable with HTTP 400 GRAPHQL_VALIDATION_FAILED', async () => {
      const res = await catalog.post({
        query: 'query ($n: Int) { skus(first: $n) { totalCount } }',
        variables: { n: 'ten' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('refuses a page above 100 with BAD_USER_INPUT and a malformed cursor with INVALID_CURSOR', async () => {
      const big = await catalog.gql('{ skus(first: 101) { totalCount } }');
      expect(big.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
      const cursor = await catalog.gql('{ skus(first: 1, after: "bm90LWEtY3Vyc29y") { totalCount } }');
      expect(cursor.errors?.[0].extensions.fields).toEqual([
        expect.objectContaining({ code: 'INVALID_CURSOR' }),
      ]);
    });

    it('rejects an operation nested deeper than the limit with HTTP 400 GRAPHQL_QUERY_TOO_DEEP', async () => {
      const nest = (levels: number): string =>
        levels === 0 ? 'id' : `lists { nodes { skuGroups { nodes { ${nest(levels - 1)} } } } }`;
      const res = await catalog.post({ query: `{ skuGroups(first: 1) { nodes { ${nest(6)} } } }` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe('GRAPHQL_QUERY_TOO_DEEP');
    });

    it("accepts a storefront's product listing: ten groups of ten SKUs with their prices and media (cost about 5 200)", async () => {
      const res = await catalog.post({
        query: `{ skuGroups(first: 10) { edges { cursor node { id name
          skus(first: 10) { totalCount edges { cursor node { id name code
            prices(first: 5) { edges { node { value { value currencyCode } } } }
            mediaObjects(first: 5) { edges { node { url } } } } } } } } } }`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().errors).toBeUndefined();
    });

    it('rejects an operation costing more than the limit with HTTP 400 GRAPHQL_QUERY_TOO_COMPLEX', async () => {
      const res = await catalog.post({
        query:
          '{ skuGroups(first: 100) { nodes { skus(first: 100) { nodes { mediaObjects(first: 100) { nodes { id } } attributeValues(first: 100) { nodes { attribute { id } } } } } } } }',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe('GRAPHQL_QUERY_TOO_COMPLEX');
    });
  });

  it('rate limits per credential: RateLimit-* on every answer; the 429 carries RateLimit-Reset and Retry-After', async () => {
    const limited = await startCatalogTestApp('catalog-rate', { RATE_LIMIT_CREDENTIAL_LIMIT: '3' });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await limited.post({ query: SKUS }));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers[0].headers['ratelimit-limit']).toBe('3');
      expect(answers[2].headers['ratelimit-remaining']).toBe('0');
      const refused = answers[3];
      expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toBe('');
    } finally {
      await limited.close();
    }
  });

  it('serves at least the contract inventory: 27 query and 108 mutation fields (introspection)', async () => {
    const body = await catalog.gql(
      '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }',
    );
    const schema = dataOf<{
      __schema: { queryType: { fields: { name: string }[] }; mutationType: { fields: { name: string }[] } };
    }>(body).__schema;
    const queries = schema.queryType.fields.map((f) => f.name).filter((n) => !n.startsWith('_'));
    const mutations = schema.mutationType.fields.map((f) => f.name);
    expect(queries.length).toBeGreaterThanOrEqual(27);
    expect(mutations.length).toBeGreaterThanOrEqual(108);
    expect(queries).toEqual(expect.arrayContaining(['sku', 'skus', 'skuGroups', 'locations']));
    expect(mutations).toEqual(expect.arrayContaining(['createSku', 'createSkuGroup', 'createSkus']));
  });
});
