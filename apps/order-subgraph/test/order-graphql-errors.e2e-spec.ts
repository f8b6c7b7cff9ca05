import { randomUUID } from 'node:crypto';
import { Caller, OrderTestApp, startOrderTestApp } from './support/order-test-app';
import { ADD_ORDER, addOrder, line, usd } from './support/order-builders';

const ORDER_BY_ID = 'query($id: ID!) { orderById(id: $id) { id number statuses { status } } }';

describe('order subgraph: GraphQL error rules (HTTP status and extensions.code)', () => {
  let t: OrderTestApp;
  let caller: Caller;
  let orderId: string;

  beforeAll(async () => {
    t = await startOrderTestApp('order-errors');
    caller = await t.newCaller();
    orderId = (await addOrder(caller)).id;
  });
  afterAll(async () => t?.close());

  it('answers the spec query orderById { id number statuses { status } } with HTTP 200', async () => {
    const result = await caller.gql(ORDER_BY_ID, { id: orderId });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({
      data: { orderById: { id: orderId, number: 1, statuses: { status: 'OPEN' } } },
    });
  });

  it('missing x-store-id → HTTP 200, UNAUTHENTICATED, no data', async () => {
    const result = await t.post(
      { query: ORDER_BY_ID, variables: { id: orderId } },
      caller.credential.headers,
    );
    expect(result.status).toBe(200);
    expect(result.body.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(result.body.data ?? null).toBeNull();
  });

  it.each([
    ['not a uuid', 'store-1'],
    ['a store the caller cannot see', '6f1d7c1e-0b8a-4d3e-9a55-2b7f0c6f1e01'],
  ])('x-store-id %s → HTTP 200, INTERNAL_SERVER_ERROR with a safe message', async (_case, storeId) => {
    const result = await caller.gql(ORDER_BY_ID, { id: orderId }, { 'x-store-id': storeId });
    expect(result.status).toBe(200);
    const [error] = result.body.errors ?? [];
    expect(error.extensions.code).toBe('INTERNAL_SERVER_ERROR');
    expect(error.message).toMatch(/x-store-id/);
    expect(JSON.stringify(result.body)).not.toMatch(/127\.0\.0\.1|stack|ECONN|postgres/i);
  });

  it("another caller's store is inaccessible even with a valid token", async () => {
    const other = await t.newCaller();
    const result = await caller.gql(ORDER_BY_ID, { id: orderId }, { 'x-store-id': other.storeId });
    expect(result.body.errors?.[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
  });

  it('an unknown field → HTTP 400 GRAPHQL_VALIDATION_FAILED', async () => {
    const result = await caller.gql('query($id: ID!) { orderById(id: $id) { id nope } }', { id: orderId });
    expect(result.status).toBe(400);
    expect(result.body.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('a schema-invalid document (missing required argument) → HTTP 400 GRAPHQL_VALIDATION_FAILED', async () => {
    const result = await caller.gql('{ orderById { id } }');
    expect(result.status).toBe(400);
    expect(result.body.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it.each([
    ['missing', {}],
    ['malformed', { authorization: 'Bearer nope' }],
    ['not Bearer', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('%s token → HTTP 401 UNAUTHENTICATED', async (_case, headers) => {
    const result = await t.post(
      { query: ORDER_BY_ID, variables: { id: orderId } },
      { 'x-store-id': caller.storeId, ...headers },
    );
    expect(result.status).toBe(401);
    expect(result.body.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(result.response.headers['www-authenticate']).toBe('Bearer');
  });

  it('a token without commerce.order:read → HTTP 200, FORBIDDEN, nothing read', async () => {
    const writer = await t.newCaller(['commerce.order:create']);
    const result = await writer.gql(ORDER_BY_ID, { id: orderId });
    expect(result.status).toBe(200);
    expect(result.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(result.body.data).toEqual({ orderById: null });
  });

  it('store isolation: an order of store A is ORDER_NOT_FOUND through store B of the same account', async () => {
    const storeB = randomUUID();
    t.commerce.grant(caller.credential.headers.authorization, storeB);
    const result = await caller.gql(ORDER_BY_ID, { id: orderId }, { 'x-store-id': storeB });
    expect(result.status).toBe(200);
    expect(result.body.errors?.[0].extensions.code).toBe('ORDER_NOT_FOUND');
    expect(result.body.data).toEqual({ orderById: null });
    const list = await caller.gql('{ orders { nodes { id } } }', {}, { 'x-store-id': storeB });
    expect(list.body).toEqual({ data: { orders: { nodes: [] } } });
  });

  it('an id of another shape is ORDER_NOT_FOUND (ids are passed verbatim, never parsed as SQL)', async () => {
    for (const id of ['x', "Order_'; drop table orders.orders; --", orderId.toLowerCase()]) {
      const result = await caller.gql(ORDER_BY_ID, { id });
      expect(result.body.errors?.[0].extensions.code).toBe('ORDER_NOT_FOUND');
    }
  });

  it('input.context.storeId other than x-store-id → STORE_MISMATCH, nothing created', async () => {
    const other = await t.newCaller();
    const result = await caller.gql(ADD_ORDER, {
      input: { context: { storeId: other.storeId }, currencyCode: 'USD', lineItems: [line()] },
    });
    expect(result.status).toBe(200);
    expect(result.body.errors?.[0].extensions.code).toBe('STORE_MISMATCH');
    const count = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM orders.orders WHERE store_id = $1`,
      [other.storeId],
    );
    expect(count[0].n).toBe(0);
  });

  describe('money (SimpleMoneyInput.value: integer minor units)', () => {
    it('a float literal → HTTP 400 GRAPHQL_VALIDATION_FAILED', async () => {
      const result = await caller.gql(
        `mutation { addOrder(input: { context: { storeId: "${caller.storeId}" }, currencyCode: "USD",
          lineItems: [{ name: "x", quantity: 1, unitAmount: { value: 12.5, currencyCode: "USD" } }] }) { id } }`,
      );
      expect(result.status).toBe(400);
      expect(result.body.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('a float in variables → HTTP 400 GRAPHQL_VALIDATION_FAILED', async () => {
      const result = await caller.gql(ADD_ORDER, {
        input: {
          context: { storeId: caller.storeId },
          currencyCode: 'USD',
          lineItems: [{ ...line(), unitAmount: usd(19.99) }],
        },
      });
      expect(result.status).toBe(400);
      expect(result.body.errors?.[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    });

    it('a negative amount → BAD_USER_INPUT naming the field', async () => {
      const result = await caller.gql(ADD_ORDER, {
        input: {
          context: { storeId: caller.storeId },
          currencyCode: 'USD',
          lineItems: [{ ...line(), unitAmount: usd(-1) }],
        },
      });
      expect(result.status).toBe(200);
      expect(result.body.errors?.[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [{ path: 'lineItems.0.unitAmount.value', code: 'OUT_OF_RANGE' }],
      });
    });

    it('a lower-case currency → BAD_USER_INPUT', async () => {
      const result = await caller.gql(ADD_ORDER, {
        input: {
          context: { storeId: caller.storeId },
          currencyCode: 'USD',
          lineItems: [{ ...line(), unitAmount: { value: 1, currencyCode: 'usd' } }],
        },
      });
      expect(result.body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    });

    it("an amount in another currency than the order's → ORDER_CURRENCY_MISMATCH", async () => {
      const result = await caller.gql(ADD_ORDER, {
        input: {
          context: { storeId: caller.storeId },
          currencyCode: 'USD',
          lineItems: [{ ...line(), unitAmount: { value: 100, currencyCode: 'EUR' } }],
        },
      });
      expect(result.body.errors?.[0].extensions).toMatchObject({
        code: 'ORDER_CURRENCY_MISMATCH',
        fields: [{ path: 'lineItems.0.unitAmount.currencyCode' }],
      });
    });

    it('totals above a GraphQL Int → ORDER_AMOUNT_OUT_OF_RANGE', async () => {
      const result = await caller.gql(ADD_ORDER, {
        input: {
          context: { storeId: caller.storeId },
          currencyCode: 'USD',
          lineItems: [{ ...line(), quantity: 2, unitAmount: usd(2_000_000_000) }],
        },
      });
      expect(result.body.errors?.[0].extensions.code).toBe('ORDER_AMOUNT_OUT_OF_RANGE');
    });
  });

  it('an operation nested deeper than the limit → HTTP 400 GRAPHQL_QUERY_TOO_DEEP', async () => {
    const deep = `query($id: ID!) { orderById(id: $id) { lineItems { order { lineItems { order { lineItems { order { lineItems { order { lineItems { order { lineItems { order { id } } } } } } } } } } } } } }`;
    const result = await caller.gql(deep, { id: orderId });
    expect(result.status).toBe(400);
    expect(result.body.errors?.[0].extensions.code).toBe('GRAPHQL_QUERY_TOO_DEEP');
  });
});
