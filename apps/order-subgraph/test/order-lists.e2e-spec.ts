import { OrdersQueryService } from '../src/modules/orders/queries/orders-query.service';
import { Caller, OrderTestApp, startOrderTestApp } from './support/order-test-app';
import { OrderView, addDraft, addOrder, errorCode, line, ok } from './support/order-builders';
import { Ops } from './support/order-operations';

interface Connection {
  edges: {
    cursor: string;
    node: { id: string; number: number; tags: string[]; totals: { total: { value: number } } };
  }[];
  nodes: { id: string; number: number }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

describe('order subgraph: lists, lookups and batching', () => {
  let t: OrderTestApp;
  let caller: Caller;
  const orders: OrderView[] = [];
  const channelId = '0c8f8a58-3a4e-4c55-9f0e-8f1f8f3f4a11';

  beforeAll(async () => {
    t = await startOrderTestApp('order-lists');
    caller = await t.newCaller();
    // Seven orders with distinct totals; #3 draft, #5 completed, #6 on a channel with tags.
    for (let i = 1; i <= 7; i++) {
      const input = {
        lineItems: [line(`item ${i}`, 100 * (8 - i), 1, i % 2 === 0 ? 'sku-even' : 'sku-odd')],
      };
      if (i === 3) orders.push(await addDraft(caller, input));
      else if (i === 6)
        orders.push(
          await addOrder(caller, {
            ...input,
            context: { storeId: caller.storeId, channelId },
            tags: ['vip', 'web'],
          }),
        );
      else orders.push(await addOrder(caller, input));
    }
    await ok(caller, Ops.complete, { id: orders[4].id });
  });
  afterAll(async () => t?.close());

  const list = (variables: Record<string, unknown>) => ok<Connection>(caller, Ops.orders, variables);

  it('lists newest first by default, with cursors forward and backward', async () => {
    const first = await list({ first: 3 });
    expect(first.nodes.map((n) => n.number)).toEqual([7, 6, 5]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await list({ first: 3, after: first.pageInfo.endCursor });
    expect(second.nodes.map((n) => n.number)).toEqual([4, 3, 2]);
    const last = await list({ first: 3, after: second.pageInfo.endCursor });
    expect(last.nodes.map((n) => n.number)).toEqual([1]);
    expect(last.pageInfo.hasNextPage).toBe(false);
    const back = await list({ last: 3, before: second.pageInfo.startCursor });
    expect(back.nodes.map((n) => n.number)).toEqual([7, 6, 5]);
  });

  it('sorts by NUMBER and TOTAL in both directions', async () => {
    expect(
      (await list({ first: 10, orderBy: { field: 'NUMBER', direction: 'ASC' } })).nodes.map((n) => n.number),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const byTotal = await list({ first: 2, orderBy: { field: 'TOTAL', direction: 'DESC' } });
    expect(byTotal.edges.map((e) => e.node.totals.total.value)).toEqual([700, 600]);
    const next = await list({
      first: 2,
      after: byTotal.pageInfo.endCursor,
      orderBy: { field: 'TOTAL', direction: 'DESC' },
    });
    expect(next.edges.map((e) => e.node.totals.total.value)).toEqual([500, 400]);
  });

  it('filters by status, payment and fulfilment status, channel, tags and creation time', async () => {
    const numbers = async (filter: Record<string, unknown>) =>
      (await list({ first: 50, filter })).nodes.map((n) => n.number).sort();
    expect(await numbers({ status: ['DRAFT'] })).toEqual([3]);
    expect(await numbers({ status: ['COMPLETED'], paymentStatus: ['PAID'] })).toEqual([5]);
    expect(await numbers({ fulfillmentStatus: ['FULFILLED'] })).toEqual([]);
    expect(await numbers({ channelId })).toEqual([6]);
    expect(await numbers({ tags: ['web', 'other'] })).toEqual([6]);
    expect(
      await numbers({ createdAt: { from: '2000-01-01T00:00:00Z', to: '2000-01-02T00:00:00Z' } }),
    ).toEqual([]);
    expect(await numbers({ createdAt: { from: '2000-01-01T00:00:00Z' } })).toHaveLength(7);
  });

  it('refuses a cursor of another sort order and first with last (BAD_USER_INPUT)', async () => {
    const byNumber = await list({ first: 1, orderBy: { field: 'NUMBER', direction: 'ASC' } });
    expect(await errorCode(caller, Ops.orders, { first: 1, after: byNumber.pageInfo.endCursor })).toBe(
      'BAD_USER_INPUT',
    );
    expect(await errorCode(caller, Ops.orders, { first: 1, after: 'garbage' })).toBe('BAD_USER_INPUT');
    expect(await errorCode(caller, Ops.orders, { first: 1, last: 1 })).toBe('BAD_USER_INPUT');
    expect(await errorCode(caller, Ops.orders, { first: 101 })).toBe('BAD_USER_INPUT');
  });

  it('finds an order by its number, and ORDER_NOT_FOUND for a number the store has not used', async () => {
    expect(await ok(caller, Ops.orderByNumber, { n: 4 })).toEqual({ id: orders[3].id, number: 4 });
    expect(await errorCode(caller, Ops.orderByNumber, { n: 99 })).toBe('ORDER_NOT_FOUND');
  });

  it('lists the line items of a SKU, newest first, paged', async () => {
    const page = await ok<{
      nodes: { orderId: string; skuId: string }[];
      pageInfo: { hasNextPage: boolean; endCursor: string };
    }>(caller, Ops.lineItemsBySku, { sku: 'sku-even', first: 2 });
    expect(page.nodes.map((n) => n.orderId)).toEqual([orders[5].id, orders[3].id]);
    const rest = await ok<{ nodes: { orderId: string }[]; pageInfo: { hasNextPage: boolean } }>(
      caller,
      Ops.lineItemsBySku,
      {
        sku: 'sku-even',
        first: 2,
        after: page.pageInfo.endCursor,
      },
    );
    expect(rest.nodes.map((n) => n.orderId)).toEqual([orders[1].id]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
  });

  it('loads the relations of a page of orders with one query per relation (no N+1)', async () => {
    const query = t.app.get(OrdersQueryService);
    const spies = [
      jest.spyOn(query, 'lineItemsByOrderIds'),
      jest.spyOn(query, 'notesByOrderIds'),
      jest.spyOn(query, 'paymentsByOrderIds'),
      jest.spyOn(query, 'historyByOrderIds'),
    ];
    try {
      const result = await caller.gql(
        '{ orders(first: 7) { nodes { id lineItems { id order { id } } notes { id } payments { id } statusHistory { status } } } }',
      );
      expect(result.body.errors).toBeUndefined();
      for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
      expect(spies[0].mock.calls[0][0]).toHaveLength(7);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('keeps totals in minor units with the currency on every amount', async () => {
    const eur = await addOrder(caller, {
      currencyCode: 'EUR',
      lineItems: [{ name: 'Brot', quantity: 3, unitAmount: { value: 333, currencyCode: 'EUR' } }],
      shippingAmount: { value: 1, currencyCode: 'EUR' },
    });
    expect(eur.totals.subTotal).toEqual({ value: 999, currencyCode: 'EUR' });
    expect(eur.totals.total.value).toBe(1000);
    expect(eur.lineItems[0].unitAmount.value).toBe(333);
  });
});
