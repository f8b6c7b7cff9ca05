import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_ENCRYPTION_KEY } from '@platform/testing';
import { checkForgedConnectionCursors, fuzzSubgraphOperations } from '@platform/testing/contracts';
import { addOrder, line } from './support/order-builders';
import { Caller, OrderTestApp, startOrderTestApp } from './support/order-test-app';

const ROOT = join(__dirname, '../../..');
const SUPERGRAPH = readFileSync(join(ROOT, 'apps/gateway/supergraph.graphql'), 'utf8');
const SUBGRAPH = readFileSync(join(ROOT, 'apps/order-subgraph/schema.graphql'), 'utf8');

/**
 * Property-based tests from the committed supergraph: every Query and Mutation field the order
 * subgraph owns gets seeded valid-ish and invalid arguments (libs/testing fuzzSubgraphOperations),
 * and every list gets forged cursors (checkForgedConnectionCursors).
 */
describe('order subgraph fuzzed from the supergraph (fast-check)', () => {
  let orders: OrderTestApp;
  let caller: Caller;
  let otherStore: string;

  const send = async (body: object, store = caller.storeId) => {
    const res = await orders.post(body, { ...caller.credential.headers, 'x-store-id': store });
    return { status: res.status, text: res.response.body };
  };

  beforeAll(async () => {
    orders = await startOrderTestApp('order-graphql-fuzz', { RATE_LIMIT_IP_MULTIPLIER: '1000' });
    caller = await orders.newCaller();
    otherStore = randomUUID();
    orders.commerce.grant(caller.credential.headers.authorization, otherStore);
    const inOtherStore: Caller = {
      ...caller,
      storeId: otherStore,
      gql: (query, variables = {}) =>
        orders.post(
          { query, variables },
          { ...caller.credential.headers, 'x-store-id': otherStore },
        ) as never,
    };
    for (const seller of [caller, inOtherStore])
      for (const name of ['Mug', 'Cup'])
        await addOrder(seller, { lineItems: [line(name, 1250, 1, 'sku-fuzz')] });
  });

  afterAll(async () => {
    await orders?.close();
  });

  it('answers every operation below HTTP 500, with extensions.code, no stack, SQL or secret', async () => {
    const report = await fuzzSubgraphOperations({
      supergraphSdl: SUPERGRAPH,
      subgraphSdl: SUBGRAPH,
      graph: 'ORDER',
      send: (body) => send(body),
      secrets: [caller.credential.token, TEST_ENCRYPTION_KEY, orders.env.env.DATABASE_URL ?? ''],
      runsPerField: 14,
    });
    console.info(
      `order fuzz: ${report.fields} fields, ${report.cases} cases, ${report.failures.length} failures`,
    );
    expect(report.failures).toEqual([]);
    expect(report.fields).toBeGreaterThan(20);
  }, 600_000);

  it('answers more than 50 bad variables as HTTP 400 GRAPHQL_VALIDATION_FAILED, never INTERNAL_SERVER_ERROR (found by the fuzz)', async () => {
    const lineItems = Array.from({ length: 60 }, () => ({ name: 1, quantity: 'x' }));
    const res = await send({
      query: 'mutation($input: AddOrderInput!) { addOrder(input: $input) { id } }',
      variables: { input: { context: null, currencyCode: null, lineItems } },
    });
    expect(res.status).toBe(400);
    const codes = new Set(
      (JSON.parse(res.text) as { errors: { extensions: { code: string } }[] }).errors.map(
        (e) => e.extensions.code,
      ),
    );
    expect([...codes]).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });

  it('refuses forged cursors on every list with BAD_USER_INPUT about after', async () => {
    const report = await checkForgedConnectionCursors({
      supergraphSdl: SUPERGRAPH,
      graph: 'ORDER',
      send: (body, store) => send(body, store === 'other' ? otherStore : caller.storeId),
      requiredArgs: { lineItemsBySkuId: { skuId: 'sku-fuzz' } },
    });
    console.info(
      `order cursors: ${report.lists.join(', ')} (${report.cases} forgeries); empty: ${report.empty.join(', ')}`,
    );
    expect(report.lists).toEqual(expect.arrayContaining(['orders', 'lineItemsBySkuId']));
  }, 300_000);
});
