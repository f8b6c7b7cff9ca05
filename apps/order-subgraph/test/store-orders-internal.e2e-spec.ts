import { randomUUID } from 'node:crypto';
import {
  COMMERCE_TRANSACTIONS_QUEUE,
  ORDER_PAYMENT_RECORDED,
  orderPaymentRecordedJobId,
  parseOrderPaymentRecorded,
  type StoreOrderQuote,
  type StorePaidOrder,
  type StorePaidOrderRequest,
} from '@platform/contracts';
import { INTERNAL_CREDENTIAL_HEADER, deriveInternalCredential } from '@platform/crypto';
import { createQueue } from '@platform/queue';
import { TEST_ENCRYPTION_KEY, WorkerHarness, waitFor } from '@platform/testing';
import type { Queue } from 'bullmq';
import { taxOf } from './support/fake-storefront-services';
import { Caller, OrderTestApp, dataOf, startOrderTestApp, startOrderWorker } from './support/order-test-app';

// POST /internal/v1/stores/{storeId}/order-quotes and …/paid-orders
// (src/modules/store-orders/internal-store-orders.controller.ts): a store's cart priced as its
// storefront prices it and placed as a paid order, for the Shopping API, with the platform's
// internal credential.

const CREDENTIAL = deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'));

const Storefront = {
  addDraftOrder: `mutation($input: AddDraftOrderInput!) { addDraftOrder(input: $input) { id } }`,
  addLineItemBySkuId: `mutation($input: AddLineItemInput!) { addLineItemBySkuId(input: $input) { id } }`,
  applyDiscountCodes: `mutation($input: ApplyDiscountCodesInput!) { applyDiscountCodes(input: $input) { id } }`,
};

const ORDER = `query($id: ID!) { orderById(id: $id) {
  id number currencyCode
  statuses { status paymentStatus fulfillmentStatus }
  discounts { code name amount { value } }
  payments { id type amount { value } }
  totals { subTotal { value } discountTotal { value } shippingTotal { value } taxTotal { value } total { value } paidTotal { value } }
  lineItems { skuId name quantity unitAmount { value } totals { subTotal { value } discountTotal { value } taxTotal { value } } }
} }`;

interface GraphOrder {
  id: string;
  number: number;
  currencyCode: string;
  statuses: { status: string; paymentStatus: string; fulfillmentStatus: string };
  discounts: { code: string | null; name: string; amount: { value: number } }[];
  payments: { id: string; type: string; amount: { value: number } }[];
  totals: Record<string, { value: number }>;
  lineItems: {
    skuId: string;
    name: string;
    quantity: number;
    unitAmount: { value: number };
    totals: { subTotal: { value: number }; discountTotal: { value: number }; taxTotal: { value: number } };
  }[];
}

describe('store orders: internal quotes and paid orders for the Shopping API', () => {
  let t: OrderTestApp;
  let worker: WorkerHarness;
  let queue: Queue;
  let caller: Caller;
  let store: string;
  const A = randomUUID();
  const B = randomUUID();
  const ARCHIVED = randomUUID();
  const UNPRICED = randomUUID();
  const EURO = randomUUID();
  const STATE = '7.25';
  const CITY = '1.5';
  const SF = { countryCode: 'US', regionCode: 'CA', postalCode: '94105', locality: 'San Francisco' };

  const post = (path: string, body: unknown, headers: Record<string, string> = {}, storeId = store) =>
    t.app.inject({
      method: 'POST',
      url: `/internal/v1/stores/${storeId}/${path}`,
      headers: { 'content-type': 'application/json', [INTERNAL_CREDENTIAL_HEADER]: CREDENTIAL, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  async function quote(body: Record<string, unknown>): Promise<StoreOrderQuote> {
    const response = await post('order-quotes', { discountCodes: [], shippingAddress: null, ...body });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  const paid = (body: Partial<StorePaidOrderRequest>) =>
    post('paid-orders', {
      lines: [{ skuId: A, quantity: 1 }],
      discountCodes: [],
      shippingAddress: null,
      reference: randomUUID(),
      expectedTotal: 1999,
      buyer: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
      payment: { method: 'card', transactionReference: 'tok_1' },
      ...body,
    });

  async function graphOrder(id: string): Promise<GraphOrder> {
    return dataOf(await caller.gql<{ orderById: GraphOrder }>(ORDER, { id })).orderById;
  }

  /** What the store has written: orders, its order counter, payments and outbox rows of its orders. */
  async function writtenIn(storeId: string): Promise<Record<string, number>> {
    const [row] = await t.dataSource.query(
      `SELECT
         (SELECT count(*)::int FROM orders.orders WHERE store_id = $1) AS orders,
         (SELECT coalesce(max(last_number), 0)::int FROM orders.store_order_counters WHERE store_id = $1) AS numbers,
         (SELECT count(*)::int FROM orders.order_payments p JOIN orders.orders o ON o.id = p.order_id WHERE o.store_id = $1) AS payments,
         (SELECT count(*)::int FROM orders.outbox_events WHERE payload->>'storeId' = $1::text) AS outbox`,
      [storeId],
    );
    return row;
  }

  async function createCode(input: Record<string, unknown>): Promise<string> {
    const result = await caller.gql<{ createDiscountCode: { id: string } }>(
      `mutation($input: CreateDiscountCodeInput!) { createDiscountCode(input: $input) { id } }`,
      { input: { context: { storeId: store }, name: `${String(input.code)} off`, ...input } },
    );
    return dataOf(result).createDiscountCode.id;
  }

  beforeAll(async () => {
    t = await startOrderTestApp('store-orders');
    worker = await startOrderWorker(t);
    queue = createQueue(t.env.config('store-orders-test'), COMMERCE_TRANSACTIONS_QUEUE);
    caller = await t.newCaller();
    store = caller.storeId;
    t.services.addSku(store, {
      id: A,
      name: 'Mug',
      price: { value: 1999, currencyCode: 'USD' },
      mediaUrl: 'https://cdn.example.com/mug.png',
    });
    t.services.addSku(store, { id: B, name: 'Tee', price: { value: 2500, currencyCode: 'USD' } });
    t.services.addSku(store, { id: ARCHIVED, status: 'ARCHIVED' });
    t.services.addSku(store, { id: UNPRICED, price: null });
    t.services.addSku(store, { id: EURO, price: { value: 900, currencyCode: 'EUR' } });
    for (const [rateId, label, percentage] of [
      ['rate-ca', 'California', STATE],
      ['rate-sf', 'San Francisco', CITY],
    ]) {
      t.services.addRate(store, { rateId, label, percentage, countryCode: 'US', regionCode: 'CA' });
    }
    await createCode({ code: 'FIVE', amount: { value: 500, currencyCode: 'USD' } });
    await createCode({ code: 'TEN', ratePercentage: '10' });
    await createCode({ code: 'EURO5', amount: { value: 500, currencyCode: 'EUR' } });
    await createCode({
      code: 'OLD',
      ratePercentage: '5',
      startsAt: '2020-01-01T00:00:00Z',
      endsAt: '2021-01-01T00:00:00Z',
    });
    await createCode({ code: 'SOON', ratePercentage: '5', startsAt: '2999-01-01T00:00:00Z' });
    const off = await createCode({ code: 'OFF', ratePercentage: '5' });
    await caller.gql(`mutation($id: ID!) { disableDiscountCode(id: $id) { id } }`, { id: off });
  });
  afterAll(async () => {
    await queue?.close();
    await worker?.close();
    await t?.close();
  });

  describe('order-quotes', () => {
    it('prices a cart exactly as the storefront graph prices the same lines, codes and address', async () => {
      const sf = async <T>(query: string, input: Record<string, unknown>): Promise<T> =>
        Object.values(dataOf(await caller.storefront<Record<string, T>>(query, { input })))[0];
      const { id } = await sf<{ id: string }>(Storefront.addDraftOrder, {
        context: { channelId: randomUUID(), storeId: store },
        shipping: {
          address: { adminArea1: 'CA', adminArea2: 'San Francisco', postalCode: '94105', countryCode: 'US' },
        },
      });
      for (const [skuId, quantity] of [
        [A, 3],
        [B, 2],
      ] as const) {
        await sf(Storefront.addLineItemBySkuId, { orderId: id, skuId, quantity, status: 'DRAFT' });
      }
      await sf(Storefront.applyDiscountCodes, { orderId: id, discountCodes: ['five', 'TEN'] });
      const order = await graphOrder(id);

      const q = await quote({
        lines: [
          { skuId: A, quantity: 3 },
          { skuId: B, quantity: 2 },
        ],
        discountCodes: ['five', 'TEN'],
        shippingAddress: SF,
      });

      expect(q.problems).toEqual([]);
      expect(q.currencyCode).toBe(order.currencyCode);
      expect({
        subtotal: q.subtotal,
        discountTotal: q.discountTotal,
        shippingTotal: q.shippingTotal,
        taxTotal: q.taxTotal,
        total: q.total,
      }).toEqual({
        subtotal: order.totals.subTotal.value,
        discountTotal: order.totals.discountTotal.value,
        shippingTotal: order.totals.shippingTotal.value,
        taxTotal: order.totals.taxTotal.value,
        total: order.totals.total.value,
      });
      expect(q.lines.map((l) => [l.skuId, l.title, l.quantity, l.unitAmount, l.subtotal, l.tax])).toEqual(
        order.lineItems.map((l) => [
          l.skuId,
          l.name,
          l.quantity,
          l.unitAmount.value,
          l.totals.subTotal.value,
          l.totals.taxTotal.value,
        ]),
      );
      expect(q.discounts.map((d) => [d.code, d.title, d.amount]).sort()).toEqual(
        order.discounts.map((d) => [d.code, d.name, d.amount.value]).sort(),
      );
      // And the numbers themselves: catalog prices, FIVE + 10 % of the subtotal, both rates per line.
      const subtotal = 1999 * 3 + 2500 * 2;
      const tax = [1999 * 3, 2500 * 2].reduce((s, a) => s + taxOf(a, STATE) + taxOf(a, CITY), 0);
      expect(q).toMatchObject({ subtotal, discountTotal: 500 + 1100, taxTotal: tax });
      expect(q.total).toBe(subtotal - 1600 + tax);
    });

    it('spreads the order discounts over the lines, so each line is subtotal − discount + tax and they add up', async () => {
      const q = await quote({
        lines: [
          { skuId: A, quantity: 3 },
          { skuId: B, quantity: 2 },
        ],
        discountCodes: ['FIVE', 'TEN'],
        shippingAddress: SF,
      });
      expect(q.lines.reduce((s, l) => s + l.discount, 0)).toBe(q.discountTotal);
      for (const l of q.lines) expect(l.total).toBe(l.subtotal - l.discount + l.tax);
      expect(q.lines.reduce((s, l) => s + l.total, 0) + q.shippingTotal).toBe(q.total);
      expect(q.lines[0].imageUrl).toBe('https://cdn.example.com/mug.png');
    });

    it('taxes nothing without an address', async () => {
      const q = await quote({ lines: [{ skuId: A, quantity: 2 }] });
      expect(q).toMatchObject({ subtotal: 3998, taxTotal: 0, discountTotal: 0, total: 3998 });
    });

    it('reports the lines and codes the storefront cart refuses in problems and prices the rest', async () => {
      const unknown = randomUUID();
      const q = await quote({
        lines: [
          { skuId: A, quantity: 1 },
          { skuId: unknown, quantity: 1 },
          { skuId: ARCHIVED, quantity: 1 },
          { skuId: UNPRICED, quantity: 1 },
          { skuId: EURO, quantity: 1 },
        ],
        discountCodes: ['TEN', 'NOPE', 'OLD', 'SOON', 'OFF', 'EURO5', 'ten'],
      });
      expect(q.problems.map((p) => [p.code, p.skuId ?? p.discountCode])).toEqual([
        ['SKU_NOT_FOUND', unknown],
        ['SKU_NOT_PURCHASABLE', ARCHIVED],
        ['SKU_NOT_PURCHASABLE', UNPRICED],
        ['ORDER_CURRENCY_MISMATCH', EURO],
        ['DISCOUNT_CODE_NOT_FOUND', 'NOPE'],
        ['DISCOUNT_CODE_EXPIRED', 'OLD'],
        ['DISCOUNT_CODE_NOT_YET_VALID', 'SOON'],
        ['DISCOUNT_CODE_DISABLED', 'OFF'],
        ['DISCOUNT_CODE_CURRENCY_MISMATCH', 'EURO5'],
      ]);
      expect(q.problems.every((p) => p.message.length > 0)).toBe(true);
      expect(q.lines.map((l) => l.skuId)).toEqual([A]);
      expect(q.discounts.map((d) => [d.code, d.amount])).toEqual([['TEN', 200]]);
      expect(q.total).toBe(1999 - 200);
    });

    it('takes the currency of the first line it can take, as an empty storefront cart does', async () => {
      const q = await quote({
        lines: [
          { skuId: EURO, quantity: 2 },
          { skuId: A, quantity: 1 },
        ],
        discountCodes: ['EURO5'],
      });
      expect(q.currencyCode).toBe('EUR');
      expect(q.problems.map((p) => p.code)).toEqual(['ORDER_CURRENCY_MISMATCH']);
      expect(q.total).toBe(1800 - 500);
    });

    it('keeps nothing', async () => {
      const other = await t.newCaller();
      t.services.addSku(other.storeId, { id: A, price: { value: 1000, currencyCode: 'USD' } });
      const response = await post(
        'order-quotes',
        { lines: [{ skuId: A, quantity: 1 }], discountCodes: [], shippingAddress: SF },
        {},
        other.storeId,
      );
      expect(response.statusCode).toBe(200);
      expect(await writtenIn(other.storeId)).toEqual({ orders: 0, numbers: 0, payments: 0, outbox: 0 });
    });
  });

  describe('paid-orders', () => {
    it('places the quote as an OPEN order paid in full: 201, the same numbers as the order subgraph shows', async () => {
      const request = {
        lines: [
          { skuId: A, quantity: 3 },
          { skuId: B, quantity: 2 },
        ],
        discountCodes: ['FIVE', 'TEN'],
        shippingAddress: { ...SF, line1: '1 Main St', firstName: 'Ada', lastName: 'Lovelace' },
      };
      const q = await quote(request);
      const response = await paid({ ...request, expectedTotal: q.total });
      expect(response.statusCode).toBe(201);
      const placed: StorePaidOrder = response.json();
      expect(placed.quote).toEqual(q);

      const order = await graphOrder(placed.orderId);
      expect(String(order.number)).toBe(placed.number);
      expect(order.statuses).toEqual({
        status: 'OPEN',
        paymentStatus: 'PAID',
        fulfillmentStatus: 'UNFULFILLED',
      });
      expect(order.totals).toEqual({
        subTotal: { value: q.subtotal },
        discountTotal: { value: q.discountTotal },
        shippingTotal: { value: q.shippingTotal },
        taxTotal: { value: q.taxTotal },
        total: { value: q.total },
        paidTotal: { value: q.total },
      });
      expect(order.payments.map((p) => [p.type, p.amount.value])).toEqual([['SALE', q.total]]);
    });

    it('records the payment as a storefront payment is recorded: its order-payment-recorded job is published', async () => {
      const reference = randomUUID();
      const response = await paid({
        reference,
        payment: { method: 'card', transactionReference: 'tok_job' },
      });
      expect(response.statusCode).toBe(201);
      const { orderId } = response.json() as StorePaidOrder;
      const [payment] = (await graphOrder(orderId)).payments;
      const job = await waitFor(() => queue.getJob(orderPaymentRecordedJobId(payment.id)), {
        what: `the job of payment ${payment.id}`,
      });
      expect(job.name).toBe(ORDER_PAYMENT_RECORDED);
      const parsed = parseOrderPaymentRecorded(job.data);
      if (!parsed.ok) throw new Error(parsed.problems.join('; '));
      expect(parsed.value).toEqual({
        eventId: payment.id,
        storeId: store,
        orderId,
        type: 'SALE',
        status: 'COMPLETED',
        amount: { value: 1999, currencyCode: 'USD' },
        processorReference: 'tok_job',
        notes: 'paid through card',
        occurredAt: expect.stringMatching(/Z$/),
      });
    });

    it('answers a repeated reference with the order it made: 200, no second order or payment', async () => {
      const reference = randomUUID();
      const first = await paid({ reference });
      expect(first.statusCode).toBe(201);
      const again = await paid({ reference, lines: [{ skuId: B, quantity: 5 }], expectedTotal: 1 });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      const [row] = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM orders.orders WHERE store_id = $1 AND placement_reference = $2',
        [store, reference],
      );
      expect(row.n).toBe(1);
    });

    it('makes one order of 10 concurrent placements with one reference', async () => {
      const reference = randomUUID();
      const responses = await Promise.all(Array.from({ length: 10 }, () => paid({ reference })));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
      ]);
      const ids = new Set(responses.map((r) => (r.json() as StorePaidOrder).orderId));
      expect(ids.size).toBe(1);
      const [row] = await t.dataSource.query(
        `SELECT count(DISTINCT o.id)::int AS orders, count(p.id)::int AS payments
           FROM orders.orders o LEFT JOIN orders.order_payments p ON p.order_id = o.id
          WHERE o.store_id = $1 AND o.placement_reference = $2`,
        [store, reference],
      );
      expect(row).toEqual({ orders: 1, payments: 1 });
    });

    it('refuses a total that is not the expected one with 409 QUOTE_CHANGED and the current quote, writing nothing', async () => {
      const other = await t.newCaller();
      t.services.addSku(other.storeId, { id: A, price: { value: 1000, currencyCode: 'USD' } });
      const response = await post(
        'paid-orders',
        {
          lines: [{ skuId: A, quantity: 2 }],
          discountCodes: [],
          shippingAddress: null,
          reference: randomUUID(),
          expectedTotal: 1999,
          buyer: null,
          payment: { method: 'card', transactionReference: 'tok_2' },
        },
        {},
        other.storeId,
      );
      expect(response.statusCode).toBe(409);
      const body = response.json();
      expect(body.code).toBe('QUOTE_CHANGED');
      expect(body.quote).toMatchObject({ subtotal: 2000, total: 2000, problems: [] });
      expect(await writtenIn(other.storeId)).toEqual({ orders: 0, numbers: 0, payments: 0, outbox: 0 });
    });

    it('refuses a line or code that cannot be taken with 422 ORDER_PROBLEMS, writing nothing', async () => {
      const other = await t.newCaller();
      t.services.addSku(other.storeId, { id: A, price: { value: 1000, currencyCode: 'USD' } });
      const unknown = randomUUID();
      const response = await post(
        'paid-orders',
        {
          lines: [
            { skuId: A, quantity: 1 },
            { skuId: unknown, quantity: 1 },
          ],
          discountCodes: ['NOPE'],
          shippingAddress: null,
          reference: randomUUID(),
          expectedTotal: 1000,
          buyer: null,
          payment: { method: 'card', transactionReference: 'tok_3' },
        },
        {},
        other.storeId,
      );
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.code).toBe('ORDER_PROBLEMS');
      expect(body.problems.map((p: { code: string }) => p.code)).toEqual([
        'SKU_NOT_FOUND',
        'DISCOUNT_CODE_NOT_FOUND',
      ]);
      expect(await writtenIn(other.storeId)).toEqual({ orders: 0, numbers: 0, payments: 0, outbox: 0 });
    });
  });

  describe('requests', () => {
    const good = {
      lines: [{ skuId: 'sku-mug', quantity: 1 }],
      discountCodes: [],
      shippingAddress: null,
      reference: 'r-1',
      expectedTotal: 1250,
      buyer: null,
      payment: { method: 'card', transactionReference: 'tok' },
    };

    it.each([
      ['no lines', { ...good, lines: [] }],
      ['a quantity of 0', { ...good, lines: [{ skuId: 'sku-mug', quantity: 0 }] }],
      ['a fractional quantity', { ...good, lines: [{ skuId: 'sku-mug', quantity: 1.5 }] }],
      ['lines that are not a list', { ...good, lines: 'sku-mug' }],
      ['no discountCodes', { ...good, discountCodes: undefined }],
      ['an unknown field', { ...good, coupon: 'X' }],
      ['a lower-case country', { ...good, shippingAddress: { countryCode: 'us' } }],
      [
        'a region the tax subgraph cannot take',
        { ...good, shippingAddress: { countryCode: 'US', regionCode: 'x'.repeat(11) } },
      ],
      ['a negative expectedTotal', { ...good, expectedTotal: -1 }],
      ['no payment', { ...good, payment: undefined }],
      ['a malformed buyer email', { ...good, buyer: { email: 'not-an-email' } }],
      ['no reference', { ...good, reference: '' }],
    ])('answers 400 to a paid order with %s', async (_name, body) => {
      const response = await post('paid-orders', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_BODY');
    });

    it('answers 400 to malformed JSON and to a store id that is not a UUID', async () => {
      expect((await post('order-quotes', '{"lines": [')).statusCode).toBe(400);
      const notUuid = await post('order-quotes', good, {}, 'store-1');
      expect(notUuid.statusCode).toBe(400);
    });

    it('answers 400 to a quote with paid-order fields (unknown fields)', async () => {
      const response = await post('order-quotes', good);
      expect(response.statusCode).toBe(400);
    });

    it.each([
      ['no credential', { [INTERNAL_CREDENTIAL_HEADER]: '' }],
      ['a wrong credential', { [INTERNAL_CREDENTIAL_HEADER]: 'x'.repeat(CREDENTIAL.length) }],
    ])('answers 401 with %s', async (_name, headers) => {
      for (const path of ['order-quotes', 'paid-orders']) {
        const response = await post(path, good, headers);
        expect(response.statusCode).toBe(401);
        expect(response.json().code).toBe('UNAUTHORIZED');
      }
    });

    it("answers 401 to a caller's token with every order scope but no internal credential", async () => {
      const response = await post('paid-orders', good, {
        ...caller.credential.headers,
        [INTERNAL_CREDENTIAL_HEADER]: '',
      });
      expect(response.statusCode).toBe(401);
      const [row] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM orders.orders WHERE placement_reference = 'r-1'`,
      );
      expect(row.n).toBe(0);
    });
  });
});
