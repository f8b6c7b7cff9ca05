import { Caller, OrderTestApp, dataOf, startOrderTestApp } from './support/order-test-app';
import { ADD_ORDER, addDraft, line } from './support/order-builders';

describe('order subgraph: store-scoped sequential numbers', () => {
  let t: OrderTestApp;

  beforeAll(async () => {
    // 40 creations queue for 10 connections and a per-store lock: on a loaded machine (CI runs the chaos
    // suite beside this one) the last ones wait longer than the default 5 s for a connection and finish
    // after the default 10 s operation deadline. What is tested is the numbering, not the speed.
    t = await startOrderTestApp('order-numbers', {
      DB_POOL_SIZE: '10',
      DB_POOL_TIMEOUT_MS: '60000',
      GRAPHQL_DEADLINE_MS: '25000',
    });
  });
  afterAll(async () => t?.close());

  async function addConcurrently(caller: Caller, n: number): Promise<number[]> {
    const results = await Promise.all(
      Array.from({ length: n }, () =>
        caller.gql<{ addOrder: { number: number } }>(ADD_ORDER, {
          input: { context: { storeId: caller.storeId }, currencyCode: 'USD', lineItems: [line()] },
        }),
      ),
    );
    return results.map((r) => {
      if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
      return dataOf(r).addOrder.number;
    });
  }

  it('gives 40 concurrent creations in one store the numbers 1…40, each once', async () => {
    const caller = await t.newCaller();
    const numbers = await addConcurrently(caller, 40);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('numbers each store on its own, also while both are written concurrently', async () => {
    const a = await t.newCaller();
    const b = await t.newCaller();
    const [na, nb] = await Promise.all([addConcurrently(a, 15), addConcurrently(b, 15)]);
    const expected = Array.from({ length: 15 }, (_, i) => i + 1);
    expect([...na].sort((x, y) => x - y)).toEqual(expected);
    expect([...nb].sort((x, y) => x - y)).toEqual(expected);
  });

  it('leaves no gap when a creation fails after taking a number (the counter rolls back with it)', async () => {
    const caller = await t.newCaller();
    await addDraft(caller);
    const failed = await caller.gql(ADD_ORDER, {
      input: {
        context: { storeId: caller.storeId },
        currencyCode: 'USD',
        lineItems: [{ ...line(), unitAmount: { value: 1, currencyCode: 'EUR' } }],
      },
    });
    expect(failed.body.errors?.[0].extensions.code).toBe('ORDER_CURRENCY_MISMATCH');
    expect((await addDraft(caller)).number).toBe(2);
  });
});
