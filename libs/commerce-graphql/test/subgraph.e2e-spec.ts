import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@platform/service-kit';
import {
  FakeCommerce,
  TestCredential,
  TestEnv,
  createTestCredential,
  createTestEnv,
  startFakeCommerce,
} from '@platform/testing';
import { DataSource } from 'typeorm';
import { batchCalls, toySubgraphModule } from './support/toy-subgraph';

describe('SubgraphModule on a toy subgraph (real Postgres and Redis, fake commerce)', () => {
  let env: TestEnv;
  let app: NestFastifyApplication;
  let commerce: FakeCommerce;
  let reader: TestCredential;
  let writer: TestCredential;
  const store = randomUUID();
  const otherStore = randomUUID();

  beforeAll(async () => {
    env = await createTestEnv('commerce-graphql', { RATE_LIMIT_CREDENTIAL_LIMIT: '1000' });
    commerce = await startFakeCommerce();
    app = await createServiceApp(
      toySubgraphModule(env.config('toy-subgraph'), { commerceUrl: commerce.url }),
      { title: 'Toy' },
    );
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    reader = await createTestCredential(app.get(DataSource), ['commerce.tax:read']);
    writer = await createTestCredential(app.get(DataSource), ['commerce.tax:write']);
    for (const cred of [reader, writer]) {
      commerce.grant(cred.headers.authorization, store);
      commerce.grant(cred.headers.authorization, otherStore);
    }
  });

  afterAll(async () => {
    await app?.close();
    await commerce?.close();
    await env?.teardown();
  });

  const post = (
    body: object,
    headers: Record<string, string> = { ...reader.headers, 'x-store-id': store },
    pathStore = store,
  ) =>
    app.inject({
      method: 'POST',
      url: `/v2/commerce/stores/${pathStore}/toy-subgraph`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });

  it('serves a query with the selected store and the principal in the context', async () => {
    const res = await post({ query: '{ widget(id: "w1") { id storeId accountId } }' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { widget: { id: 'w1', storeId: store, accountId: reader.accountId } },
    });
    expect(res.headers['ratelimit-limit']).toBe('1000');
    expect(res.headers['ratelimit-remaining']).toMatch(/^\d+$/);
  });

  it('lets the x-store-id header win over the path segment', async () => {
    const res = await post(
      { query: '{ widget(id: "w1") { storeId } }' },
      { ...reader.headers, 'x-store-id': otherStore },
      store,
    );
    expect(res.json()).toEqual({ data: { widget: { storeId: otherStore } } });
  });

  it('answers a missing x-store-id with HTTP 200 and UNAUTHENTICATED, without data', async () => {
    const res = await post({ query: '{ widget(id: "w1") { id } }' }, reader.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      errors: [{ message: expect.any(String), extensions: { code: 'UNAUTHENTICATED' } }],
    });
  });

  it('answers a store the caller cannot see with HTTP 200 and INTERNAL_SERVER_ERROR', async () => {
    const res = await post(
      { query: '{ widget(id: "w1") { id } }' },
      { ...reader.headers, 'x-store-id': randomUUID() },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().errors[0].extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
    expect(res.json().errors[0].message).toBe(
      'the store named by x-store-id does not exist or this credential cannot use it',
    );
  });

  it('answers a bad token with HTTP 401 and a GraphQL-shaped UNAUTHENTICATED body', async () => {
    const res = await post(
      { query: '{ widget(id: "w1") { id } }' },
      { authorization: 'Bearer nope', 'x-store-id': store },
    );
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.json()).toEqual({
      errors: [{ message: expect.any(String), extensions: { code: 'UNAUTHENTICATED' } }],
    });
  });

  it('answers a field without the scope with FORBIDDEN at HTTP 200', async () => {
    const res = await post({ query: 'mutation { explode }' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: null,
      errors: [expect.objectContaining({ path: ['explode'], extensions: { code: 'FORBIDDEN' } })],
    });
  });

  it('answers an unknown field with HTTP 400 GRAPHQL_VALIDATION_FAILED', async () => {
    const res = await post({ query: '{ widget(id: "w1") { nope } }' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('rejects a float money value inline and through variables with HTTP 400 GRAPHQL_VALIDATION_FAILED', async () => {
    const inline = await post({
      query: 'mutation { price(amount: { value: 1.5, currencyCode: "USD" }) { __typename } }',
    });
    expect(inline.statusCode).toBe(400);
    expect(inline.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const variables = await post({
      query: 'mutation($a: SimpleMoneyInput!) { price(amount: $a) { __typename } }',
      variables: { a: { value: 1.5, currencyCode: 'USD' } },
    });
    expect(variables.statusCode).toBe(400);
    expect(variables.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('hides an unexpected resolver failure behind INTERNAL_SERVER_ERROR', async () => {
    const res = await post({ query: 'mutation { explode }' }, { ...writer.headers, 'x-store-id': store });
    expect(res.statusCode).toBe(200);
    expect(res.json().errors[0]).toMatchObject({
      message: 'an unexpected error occurred',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(JSON.stringify(res.json())).not.toMatch(/secret_table/);
  });

  it('answers an executed mutation that lost its database with HTTP 503, Retry-After and SERVICE_UNAVAILABLE', async () => {
    const res = await post(
      { query: 'mutation { commitDuringRestart }' },
      { ...writer.headers, 'x-store-id': store },
    );
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json().errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
    expect(JSON.stringify(res.json())).not.toMatch(/administrator/);
  });

  it('rejects an operation deeper than the limit with HTTP 400 GRAPHQL_QUERY_TOO_DEEP', async () => {
    const res = await post({
      query: 'mutation { price(amount: { value: 1, currencyCode: "USD" }) { money { value } } }',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [
        {
          message: expect.stringMatching(/3 levels deep; the limit is 2/),
          extensions: { code: 'GRAPHQL_QUERY_TOO_DEEP' },
        },
      ],
    });
  });

  it('rejects an operation above the complexity limit with HTTP 400 GRAPHQL_QUERY_TOO_COMPLEX', async () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map(
      (alias) => `${alias}: widgets(count: 1) { id storeId accountId weight }`,
    );
    const res = await post({ query: `{ ${six.join(' ')} }` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe('GRAPHQL_QUERY_TOO_COMPLEX');
  });

  it('batches a field of every list item into one DataLoader call per request', async () => {
    batchCalls.length = 0;
    const res = await post({ query: '{ widgets(count: 4) { id weight } }' });
    expect(res.json().data.widgets).toHaveLength(4);
    expect(batchCalls).toEqual([['w0', 'w1', 'w2', 'w3']]);
  });

  it('resolves federation references with the lib decorators, batched, and checks scopes with requireScopes', async () => {
    batchCalls.length = 0;
    const query = `query($r: [_Any!]!) { _entities(representations: $r) { ... on Widget { id storeId accountId } } }`;
    const r = [
      { __typename: 'Widget', id: 'a' },
      { __typename: 'Widget', id: 'b' },
    ];
    const res = await post({ query, variables: { r } });
    expect(res.json()).toEqual({
      data: {
        _entities: [
          { id: 'a', storeId: store, accountId: reader.accountId },
          { id: 'b', storeId: store, accountId: reader.accountId },
        ],
      },
    });
    expect(batchCalls).toEqual([['a', 'b']]);
    const denied = await post({ query, variables: { r } }, { ...writer.headers, 'x-store-id': store });
    expect(denied.json().errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('serves introspection with a token but without a store', async () => {
    const res = await post({ query: '{ __schema { queryType { name } } }' }, reader.headers);
    expect(res.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });

  it('answers malformed JSON with HTTP 400 BAD_REQUEST in GraphQL shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/v2/commerce/stores/${store}/toy-subgraph`,
      headers: { 'content-type': 'application/json', ...reader.headers, 'x-store-id': store },
      payload: '{"query": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('stops an operation at its deadline: no fetch starts after it, one GRAPHQL_QUERY_TIMEOUT error', async () => {
    const slow = await createServiceApp(
      toySubgraphModule(env.config('toy-subgraph'), { commerceUrl: commerce.url, deadlineMs: 50 }),
      { title: 'Toy' },
    );
    try {
      await slow.init();
      await slow.getHttpAdapter().getInstance().ready();
      batchCalls.length = 0;
      const res = await slow.inject({
        method: 'POST',
        url: `/v2/commerce/stores/${store}/toy-subgraph`,
        headers: { 'content-type': 'application/json', ...reader.headers, 'x-store-id': store },
        payload: JSON.stringify({ query: '{ widgetsPastDeadline(count: 5) { id weight } }' }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: null,
        errors: [
          {
            message: 'the operation ran past its deadline of 50 ms (request smaller pages)',
            path: ['widgetsPastDeadline', 0, 'weight'],
            locations: expect.any(Array),
            extensions: { code: 'GRAPHQL_QUERY_TIMEOUT' },
          },
        ],
      });
      // The five weights' batch never ran.
      expect(batchCalls).toEqual([]);
    } finally {
      await slow.close();
    }
  });

  it('checks store visibility with the caller token and caches the answer', async () => {
    const before = commerce.calls.length;
    await post({ query: '{ widget(id: "w1") { id } }' });
    await post({ query: '{ widget(id: "w1") { id } }' });
    expect(commerce.calls.length).toBe(before);
    expect(commerce.calls.find((c) => c.storeId === store)?.authorization).toBe(reader.headers.authorization);
  });
});
