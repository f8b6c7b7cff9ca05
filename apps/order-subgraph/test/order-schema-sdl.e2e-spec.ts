import { join } from 'node:path';
import { checkSubgraphSdl } from '@platform/graphql-subgraph';
import { OrderTestApp, dataOf, startOrderTestApp } from './support/order-test-app';

const SDL_FILE = join(__dirname, '..', 'schema.graphql');

describe('order subgraph: schema', () => {
  let t: OrderTestApp;

  beforeAll(async () => {
    t = await startOrderTestApp('order-sdl');
  });
  afterAll(async () => t?.close());

  it('matches the committed apps/order-subgraph/schema.graphql (UPDATE_SCHEMA=1 rewrites it)', () => {
    const check = checkSubgraphSdl(t.app, 'order-subgraph', SDL_FILE, process.env.UPDATE_SCHEMA === '1');
    expect(check.actual).toBe(check.expected);
  });

  it('has at least the spec inventory: 6 query fields and 15 mutation fields (introspection)', async () => {
    const caller = await t.newCaller(['commerce.order:read']);
    const result = await caller.gql<{ q: { fields: { name: string }[] }; m: { fields: { name: string }[] } }>(
      '{ q: __type(name: "Query") { fields { name } } m: __type(name: "Mutation") { fields { name } } }',
    );
    const own = (fields: { name: string }[]) => fields.map((f) => f.name).filter((n) => !n.startsWith('_'));
    const queries = own(dataOf(result).q.fields);
    const mutations = own(dataOf(result).m.fields);
    expect(queries.length).toBeGreaterThanOrEqual(6);
    expect(mutations.length).toBeGreaterThanOrEqual(15);
    expect(queries).toEqual(
      expect.arrayContaining(['orderById', 'orders', 'orderByNumber', 'archivedOrders', 'lineItemById']),
    );
    expect(mutations).toEqual(
      expect.arrayContaining(['addOrder', 'cancelOrder', 'completeOrder', 'archiveOrder', 'addDraftOrder']),
    );
    // The exact inventory, so a change is a conscious one (docs/orders.md lists it).
    expect([queries.length, mutations.length]).toEqual([7, 25]);
  });

  it('answers introspection without x-store-id (schema-only operations need no store)', async () => {
    const caller = await t.newCaller(['commerce.order:read']);
    const result = await t.post({ query: '{ __schema { queryType { name } } }' }, caller.credential.headers);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });

  it('declares cancelOrder(id: ID!, force: Boolean) and orderById(id: ID!) as the spec names them', () => {
    const sdl = checkSubgraphSdl(t.app, 'order-subgraph', SDL_FILE, false).expected;
    expect(sdl).toMatch(/cancelOrder\(id: ID!, force: Boolean, reason: String\): Order!/);
    expect(sdl).toMatch(/orderById\(id: ID!\): Order\b/);
    expect(sdl).toMatch(/type SKU\s+@key\(fields: "id", resolvable: false\)/);
    expect(sdl).toMatch(/type Order\s+@key\(fields: "id"\)/);
  });

  it('resolves Order and LineItem references for the gateway (_entities), in the request store only', async () => {
    const caller = await t.newCaller();
    const add = await caller.gql<{ addOrder: { id: string; lineItems: { id: string }[] } }>(
      'mutation($input: AddOrderInput!) { addOrder(input: $input) { id lineItems { id } } }',
      {
        input: {
          context: { storeId: caller.storeId },
          currencyCode: 'USD',
          lineItems: [{ name: 'x', quantity: 1, unitAmount: { value: 5, currencyCode: 'USD' } }],
        },
      },
    );
    const order = dataOf(add).addOrder;
    const query = `query($r: [_Any!]!) { _entities(representations: $r) { ... on Order { id number } ... on LineItem { id name } } }`;
    const representations = [
      { __typename: 'Order', id: order.id },
      { __typename: 'LineItem', id: order.lineItems[0].id },
      { __typename: 'Order', id: 'Order_000000000000000000000000000' },
    ];
    const result = await caller.gql(query, { r: representations });
    expect(result.body).toEqual({
      data: { _entities: [{ id: order.id, number: 1 }, { id: order.lineItems[0].id, name: 'x' }, null] },
    });
    const other = await t.newCaller();
    const elsewhere = await other.gql(query, { r: representations.slice(0, 1) });
    expect(elsewhere.body.data).toEqual({ _entities: [null] });
    const writer = await t.newCaller(['commerce.order:create']);
    const forbidden = await writer.gql(query, { r: representations.slice(0, 2) });
    expect(forbidden.body.errors?.map((e) => e.extensions.code)).toEqual(['FORBIDDEN', 'FORBIDDEN']);
  });
});
