import { randomUUID } from 'node:crypto';
import { TokenService } from '@platform/auth';
import { TestCredential } from '@platform/testing';
import { TaxTestApp, dataOf, defaultsOf, startTaxTestApp } from './support/tax-test-app';

const CREATE_RATE = `mutation($input: MutationCreateRateInput!) { createRate(input: $input) { id label value { percentage } status } }`;

describe('tax subgraph error rules (HTTP status and extensions.code)', () => {
  let tax: TaxTestApp;
  let store: string;
  let cred: TestCredential;

  beforeAll(async () => {
    tax = await startTaxTestApp('tax-errors', { RATE_LIMIT_CREDENTIAL_LIMIT: '1000' });
    ({ store, cred } = defaultsOf(tax));
  });

  afterAll(async () => {
    await tax?.close();
  });

  const RATES = '{ rates(first: 1) { nodes { id } } }';

  describe('store selection (the tax quirk: AUTHENTICATION_ERROR at HTTP 200)', () => {
    it('answers a missing x-store-id with HTTP 200 AUTHENTICATION_ERROR and no data', async () => {
      const res = await tax.post({ query: RATES }, { store: null, pathStore: store });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        errors: [
          { message: expect.stringMatching(/x-store-id/), extensions: { code: 'AUTHENTICATION_ERROR' } },
        ],
      });
    });

    it('answers an x-store-id that is not a uuid with HTTP 200 AUTHENTICATION_ERROR', async () => {
      const res = await tax.post({ query: RATES }, { store: 'store-1', pathStore: store });
      expect(res.statusCode).toBe(200);
      expect(res.json().errors[0].extensions).toEqual({ code: 'AUTHENTICATION_ERROR' });
    });

    it('answers a store the caller cannot see with HTTP 200 AUTHENTICATION_ERROR and a safe message', async () => {
      const res = await tax.post({ query: RATES }, { store: randomUUID() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        errors: [
          {
            message: 'the store named by x-store-id does not exist or this credential cannot use it',
            extensions: { code: 'AUTHENTICATION_ERROR' },
          },
        ],
      });
    });

    it('answers a path segment that is not a uuid with HTTP 200 AUTHENTICATION_ERROR', async () => {
      const res = await tax.post({ query: RATES }, { store, pathStore: 'not-a-store' });
      expect(res.statusCode).toBe(200);
      expect(res.json().errors[0].extensions.code).toBe('AUTHENTICATION_ERROR');
    });

    it('lets the x-store-id header win over the path when they differ', async () => {
      const other = tax.store(cred);
      const created = dataOf<{ createRate: { id: string } }>(
        await tax.gql(
          CREATE_RATE,
          { input: { label: 'Only in other', value: { percentage: '1' } } },
          { store: other, pathStore: store },
        ),
      );
      const inOther = await tax.gql(
        'query($id: ID!) { rate(id: $id) { id } }',
        { id: created.createRate.id },
        { store: other },
      );
      expect(dataOf(inOther)).toEqual({ rate: { id: created.createRate.id } });
      const inPathStore = await tax.gql(
        'query($id: ID!) { rate(id: $id) { id } }',
        { id: created.createRate.id },
        { store },
      );
      expect(inPathStore.errors?.[0].extensions.code).toBe('RATE_NOT_FOUND');
    });

    it('asks commerce-rest with the caller token for the store named by the header', async () => {
      const other = tax.store(cred);
      await tax.gql(RATES, undefined, { store: other, pathStore: store });
      expect(tax.commerce.calls.filter((c) => c.storeId === other)).toEqual([
        {
          storeId: other,
          authorization: cred.headers.authorization,
          traceparent: expect.stringMatching(/^00-/),
        },
      ]);
    });

    it('answers HTTP 503 SERVICE_UNAVAILABLE when commerce-rest fails, and caches nothing', async () => {
      const fresh = tax.store(cred);
      tax.commerce.answerWith(500);
      try {
        const res = await tax.post({ query: RATES }, { store: fresh });
        expect(res.statusCode).toBe(503);
        expect(res.json().errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      } finally {
        tax.commerce.answerWith(undefined);
      }
      expect((await tax.post({ query: RATES }, { store: fresh })).json()).toEqual({
        data: { rates: { nodes: [] } },
      });
    });
  });

  describe('credentials', () => {
    it.each([
      ['no Authorization header', {}],
      ['a token that does not exist', { authorization: 'Bearer dpat_000000000000000000000000000000000000' }],
      ['a Basic credential', { authorization: 'Basic dXNlcjpwdw==' }],
    ])('answers %s with HTTP 401 and a GraphQL-shaped UNAUTHENTICATED body', async (_case, headers) => {
      const res = await tax.app.inject({
        method: 'POST',
        url: `/v2/commerce/stores/${store}/tax-subgraph`,
        headers: { 'content-type': 'application/json', 'x-store-id': store, ...headers },
        payload: JSON.stringify({ query: RATES }),
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toEqual({
        errors: [{ message: expect.any(String), extensions: { code: 'UNAUTHENTICATED' } }],
      });
    });

    it('answers a revoked token with HTTP 401 at once', async () => {
      const revoked = await tax.credential(['commerce.tax:read'], [store]);
      expect((await tax.post({ query: RATES }, { cred: revoked })).statusCode).toBe(200);
      // Through the token store, as the admin CLI does: a bare UPDATE would not reach the token cache.
      await new TokenService(tax.dataSource).revoke(revoked.tokenId);
      expect((await tax.post({ query: RATES }, { cred: revoked })).statusCode).toBe(401);
    });

    it('answers a field the token has no scope for with FORBIDDEN at HTTP 200, other fields still answer', async () => {
      const reader = await tax.credential(['commerce.tax:read'], [store]);
      const res = await tax.post(
        { query: `mutation { createJurisdiction(input: { name: "x", countryCode: "US" }) { id } }` },
        { cred: reader },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: { createJurisdiction: null },
        errors: [
          expect.objectContaining({ path: ['createJurisdiction'], extensions: { code: 'FORBIDDEN' } }),
        ],
      });
      const creator = await tax.credential(['commerce.tax:create'], [store]);
      const partial = await tax.gql(
        `mutation { createJurisdiction(input: { name: "partial", countryCode: "FR" }) { name } deleteJurisdiction(id: "${randomUUID()}") { id } }`,
        undefined,
        { cred: creator },
      );
      expect(partial.data).toEqual({ createJurisdiction: { name: 'partial' }, deleteJurisdiction: null });
      expect(partial.errors?.map((e) => [e.path?.[0], e.extensions.code])).toEqual([
        ['deleteJurisdiction', 'FORBIDDEN'],
      ]);
    });
  });

  describe('documents', () => {
    it('answers an unknown field with HTTP 400 GRAPHQL_VALIDATION_FAILED', async () => {
      const res = await tax.post({ query: '{ rates(first: 1) { nodes { id percentage } } }' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('answers a document that is not GraphQL with HTTP 400 GRAPHQL_PARSE_FAILED', async () => {
      const res = await tax.post({ query: '{ rates(' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    });

    it('answers a float where SimpleMoneyInput.value wants minor units with HTTP 400 GRAPHQL_VALIDATION_FAILED', async () => {
      const inline = await tax.post({
        query: `mutation { createRate(input: { label: "Deposit", value: { amount: { value: 10.5, currencyCode: "USD" } } }) { id } }`,
      });
      expect(inline.statusCode).toBe(400);
      expect(inline.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      const variables = await tax.post({
        query: CREATE_RATE,
        variables: { input: { label: 'Deposit', value: { amount: { value: 10.5, currencyCode: 'USD' } } } },
      });
      expect(variables.statusCode).toBe(400);
      expect(variables.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('answers a number where percentage wants a decimal string with HTTP 400 GRAPHQL_VALIDATION_FAILED', async () => {
      const res = await tax.post({
        query: `mutation { createRate(input: { label: "x", value: { percentage: 8.875 } }) { id } }`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('answers malformed JSON with HTTP 400 BAD_REQUEST in GraphQL shape', async () => {
      const res = await tax.app.inject({
        method: 'POST',
        url: `/v2/commerce/stores/${store}/tax-subgraph`,
        headers: { 'content-type': 'application/json', 'x-store-id': store, ...cred.headers },
        payload: '{"query": "{ rates',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        errors: [{ message: expect.any(String), extensions: { code: 'BAD_REQUEST' } }],
      });
    });

    it('refuses persisted queries (APQ) with PERSISTED_QUERY_NOT_SUPPORTED (HTTP 200, as Apollo answers it)', async () => {
      const res = await tax.post({
        extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_SUPPORTED');
    });

    describe('GraphQL over HTTP GET', () => {
      const get = (
        query: string,
        headers: Record<string, string> = { ...cred.headers, 'x-store-id': store },
      ) =>
        tax.app.inject({
          method: 'GET',
          url: `/v2/commerce/stores/${store}/tax-subgraph?query=${encodeURIComponent(query)}`,
          headers,
        });

      it('serves a query sent as GET ?query=… (no preflight header needed)', async () => {
        const res = await get('{ __typename rates(first: 1) { nodes { id } } }');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ data: { __typename: 'Query', rates: { nodes: expect.any(Array) } } });
      });

      it('answers a mutation sent as GET 405 in the GraphQL error shape, running nothing', async () => {
        const res = await get('mutation { __typename }');
        expect(res.statusCode).toBe(405);
        expect(res.headers.allow).toBe('POST');
        expect(res.json()).toEqual({
          errors: [{ message: expect.stringMatching(/mutation/i), extensions: { code: expect.any(String) } }],
        });
      });

      it('needs a token on GET as on POST (401 UNAUTHENTICATED)', async () => {
        const res = await get('{ __typename }', { 'x-store-id': store });
        expect(res.statusCode).toBe(401);
        expect(res.json().errors[0].extensions.code).toBe('UNAUTHENTICATED');
      });

      it('answers HEAD and OPTIONS 404, as an unknown route', async () => {
        for (const method of ['HEAD', 'OPTIONS'] as const) {
          const res = await tax.app.inject({
            method,
            url: `/v2/commerce/stores/${store}/tax-subgraph?query=%7B__typename%7D`,
            headers: { ...cred.headers, 'x-store-id': store },
          });
          expect(res.statusCode).toBe(404);
        }
      });
    });
  });

  describe('limits', () => {
    it('rejects an operation nested deeper than 12 levels with HTTP 400 GRAPHQL_QUERY_TOO_DEEP', async () => {
      const nest = (levels: number): string =>
        levels === 0 ? 'id' : `jurisdiction { rates { ${nest(levels - 1)} } }`;
      const res = await tax.post({ query: `{ rates(first: 1) { nodes { ${nest(6)} } } }` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        errors: [
          {
            message: expect.stringMatching(/levels deep; the limit is 12/),
            extensions: { code: 'GRAPHQL_QUERY_TOO_DEEP' },
          },
        ],
      });
    });

    it('rejects an operation costing more than 5000 with HTTP 400 GRAPHQL_QUERY_TOO_COMPLEX', async () => {
      const res = await tax.post({
        query: `{ classifications(first: 100) { nodes { id rates { id label jurisdiction { id name } } } } }`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe('GRAPHQL_QUERY_TOO_COMPLEX');
    });

    it('accepts the same shape with a smaller page', async () => {
      const res = await tax.post({
        query: `{ classifications(first: 10) { nodes { id rates { id label jurisdiction { id name } } } } }`,
      });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a page above 100 with BAD_USER_INPUT on the argument', async () => {
      const body = await tax.gql('{ rates(first: 101) { nodes { id } } }');
      expect(body.errors?.[0]).toMatchObject({
        path: ['rates'],
        extensions: { code: 'BAD_USER_INPUT', fields: [{ path: 'first', code: 'OUT_OF_RANGE' }] },
      });
    });
  });

  describe('rate limit (per credential, once per HTTP request)', () => {
    it('sets RateLimit-* on every answer and counts one per request, however many fields', async () => {
      const counted = await tax.credential(['commerce.tax:read'], [store]);
      const first = await tax.post({ query: RATES }, { cred: counted });
      const second = await tax.post(
        { query: '{ a: rates(first: 1) { nodes { id } } b: rates(first: 1) { nodes { id } } }' },
        { cred: counted },
      );
      expect(first.headers['ratelimit-limit']).toBe('1000');
      expect(
        Number(first.headers['ratelimit-remaining']) - Number(second.headers['ratelimit-remaining']),
      ).toBe(1);
      expect(second.headers['ratelimit-reset']).toMatch(/^\d+$/);
    });
  });
});

describe('tax subgraph at its rate limit', () => {
  let tax: TaxTestApp;

  beforeAll(async () => {
    tax = await startTaxTestApp('tax-ratelimit', { RATE_LIMIT_CREDENTIAL_LIMIT: '2' });
  });

  afterAll(async () => {
    await tax?.close();
  });

  it('answers 429 with no body, RateLimit-* and Retry-After once the credential is spent', async () => {
    const query = { query: '{ rates(first: 1) { nodes { id } } }' };
    expect((await tax.post(query)).statusCode).toBe(200);
    expect((await tax.post(query)).statusCode).toBe(200);
    const limited = await tax.post(query);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toBe('');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
