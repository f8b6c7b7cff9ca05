import { randomUUID } from 'node:crypto';
import { deriveInternalCredential } from '@platform/crypto';
import { TEST_ENCRYPTION_KEY, describeWithVendorData, type TestCredential } from '@platform/testing';
import { expectUcpValid, ucpTotalsProblems } from '@platform/testing/contracts';
import type { Response } from 'light-my-request';
import { fakeStoreOverrides, startFakeStore, type FakeStore } from './support/fake-store';
import { startShoppingTestApp, type ShoppingTestApp } from './support/shopping-test-app';
import type { UcpJson } from './support/ucp-responses';

type Json = UcpJson;

const INTERNAL = deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'));
const TAXED_ADDRESS = { address_country: 'US', address_region: 'IL', postal_code: '62704' };
const BUYER = { email: 'jane.doe@example.com', first_name: 'Jane', last_name: 'Doe' };
const card = (token: string, extra: Record<string, unknown> = {}) => ({
  payment: {
    instruments: [
      {
        id: 'instr_1',
        handler_id: 'sandbox_card',
        type: 'card',
        credential: { type: 'token', token, ...extra },
      },
    ],
  },
});
const LIVE = ['incomplete', 'requires_escalation', 'ready_for_complete', 'complete_in_progress'];

/**
 * The rows of the UCP 2026-04-08 requirement register (test/ucp-requirements) that the feature
 * suites do not already prove, each as the business behaviour it asks for: catalog inputs, paging
 * and lookups, checkout replacement and lifecycle, discount codes, carts, payment instruments, the
 * profiles, and — at the end — every answer of this suite against the UCP schemas and the
 * envelope's rules. A store seeded with the conformance flower shop (owners faked) and the platform.
 */
describeWithVendorData('ucp', 'shopping: UCP requirement conformance (REST)', (ucp) => {
  let t: ShoppingTestApp;
  let store: FakeStore;
  let buyer: TestCredential;
  let base: string;
  /** Every answer of this suite, raw, for the closing checks. */
  const answers: { operation: string; res: Response }[] = [];
  /** The completed checkouts of this suite (their orders are read back in 'orders'). */
  const completed: Json[] = [];

  beforeAll(async () => {
    store = await startFakeStore(INTERNAL, { taxRates: { US: 0.08 } });
    store.seedFlowerShop(ucp);
    t = await startShoppingTestApp('shopping-conformance', fakeStoreOverrides(store));
    buyer = await t.buyer();
    t.commerce.grant(buyer.headers.authorization, store.storeId);
    base = `/v1/shopping/stores/${store.storeId}`;
  });

  afterAll(async () => {
    await t?.close();
    await store?.close();
  });

  const sku = (key: string) => store.item(key).skuId;
  const line = (key: string, quantity = 1) => ({ item: { id: sku(key) }, quantity });
  async function call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response> {
    const res = await t.ucp(buyer, method, url, body, headers);
    answers.push({ operation: `${method} ${url}`, res });
    return res;
  }
  const json = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    (await call(method, url, body)).json() as Json;
  const readyBody = (lines: Json[], codes?: string[]) => ({
    line_items: lines,
    buyer: BUYER,
    context: TAXED_ADDRESS,
    ...(codes ? { discounts: { codes } } : {}),
  });

  describe('catalog', () => {
    it('a search with no query, filter or domains (or a blank query) is refused: 400 invalid_request', async () => {
      for (const [url, body] of [
        [`${base}/catalog/search`, {}],
        [`${base}/catalog/search`, { query: '   ', pagination: { limit: 5 } }],
        [`${base}/catalog/search`, { filters: {} }],
        ['/v1/shopping/catalog/search', {}],
      ] as const) {
        const res = await call('POST', url, body);
        expect({ url, body, status: res.statusCode, json: res.json() }).toEqual({
          url,
          body,
          status: 400,
          json: {
            ucp: { version: '2026-04-08', status: 'error' },
            messages: [expect.objectContaining({ type: 'error', code: 'invalid_request' })],
          },
        });
      }
    });

    it('a search matching nothing: HTTP 200, products [] and no messages', async () => {
      const res = await call('POST', `${base}/catalog/search`, { query: 'no-such-flower-anywhere' });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Json;
      expect(body.products).toEqual([]);
      expect(body.messages).toBeUndefined();
      expect(body.pagination).toEqual({ has_next_page: false });
    });

    it('a search without a limit asks for pages of 10; limit 0 is refused; a limit of 100 is accepted', async () => {
      const res = await call('POST', `${base}/catalog/search`, { filters: { price: { min: 0 } } });
      expect(res.statusCode).toBe(200);
      expect(store.callsOf('search').at(-1)?.body).toMatchObject({ limit: 10 });
      expect((res.json() as Json).products).toHaveLength(6);
      const zero = await call('POST', `${base}/catalog/search`, { query: 'roses', pagination: { limit: 0 } });
      expect(zero.statusCode).toBe(400);
      expect((zero.json() as Json).messages[0]).toMatchObject({
        code: 'invalid_request',
        path: '$.pagination.limit',
      });
      const hundred = await call('POST', `${base}/catalog/search`, {
        query: 'roses',
        pagination: { limit: 100 },
      });
      expect(hundred.statusCode).toBe(200);
      expect(store.callsOf('search').at(-1)?.body).toMatchObject({ limit: 100 });
    });

    it('lookup: duplicate ids, and two ids of one product, answer that product once', async () => {
      const roses = store.item('bouquet_roses');
      const res = await call('POST', `${base}/catalog/lookup`, {
        ids: [roses.skuId, roses.skuId, roses.groupId],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Json;
      expect(body.products).toHaveLength(1);
      expect(body.products[0].id).toBe(roses.groupId);
      expect(body.products[0].variants).toEqual([
        expect.objectContaining({
          id: roses.skuId,
          inputs: [
            { id: roses.skuId, match: 'exact' },
            { id: roses.groupId, match: 'featured' },
          ],
        }),
      ]);
    });

    it('lookup by a variant id answers only that variant of the product, with its inputs', async () => {
      const res = await call('POST', '/v1/shopping/catalog/lookup', { ids: ['web-hosting-3'] });
      expect(res.statusCode).toBe(200);
      const [product] = (res.json() as Json).products as Json[];
      expect(product.id).toBe('web-hosting');
      expect(product.variants.map((v: Json) => [v.id, v.inputs])).toEqual([
        ['web-hosting-3', [{ id: 'web-hosting-3', match: 'exact' }]],
      ]);
      const all = (await json('POST', '/v1/shopping/catalog/lookup', { ids: ['web-hosting'] })).products[0];
      expect(all.variants.length).toBeGreaterThan(1);
      expect(all.variants.every((v: Json) => v.inputs.length >= 1)).toBe(true);
    });

    it('lookup of ids that resolve to nothing: HTTP 200 with no products', async () => {
      const res = await call('POST', `${base}/catalog/lookup`, { ids: [randomUUID(), randomUUID()] });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Json).products).toEqual([]);
    });

    it('lookup over the batch limit (101 ids): HTTP 400 request_too_large, nothing asked of the store', async () => {
      const calls = store.callsOf('lookup').length;
      const res = await call('POST', `${base}/catalog/lookup`, {
        ids: Array.from({ length: 101 }, () => randomUUID()),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        ucp: { version: '2026-04-08', status: 'error' },
        messages: [
          expect.objectContaining({
            type: 'error',
            code: 'request_too_large',
            severity: 'recoverable',
            path: '$.ids',
          }),
        ],
      });
      expect(store.callsOf('lookup')).toHaveLength(calls);
      const hundred = await call('POST', `${base}/catalog/lookup`, {
        ids: Array.from({ length: 100 }, () => randomUUID()),
      });
      expect(hundred.statusCode).toBe(200);
    });

    it('get_product by product id and by variant id: the asked variant first, its options as selected', async () => {
      const byProduct = (await json('POST', '/v1/shopping/catalog/product', { id: 'web-hosting' })).product;
      expect(byProduct.id).toBe('web-hosting');
      expect(byProduct.selected).toEqual(byProduct.variants[0].options);
      const last = byProduct.variants.at(-1);
      const byVariant = (await json('POST', '/v1/shopping/catalog/product', { id: last.id })).product;
      expect(byVariant.id).toBe('web-hosting');
      expect(byVariant.variants[0].id).toBe(last.id);
      expect(byVariant.variants.map((v: Json) => v.id).sort()).toEqual(
        byProduct.variants.map((v: Json) => v.id).sort(),
      );
      expect(byVariant.selected).toEqual([expect.objectContaining({ name: 'App slots' })]);
      expect(byVariant.selected).toEqual(last.options);
      const storeProduct = await json('POST', `${base}/catalog/product`, {
        id: store.item('pot_ceramic').groupId,
      });
      expect(storeProduct.product.variants[0].id).toBe(sku('pot_ceramic'));
    });

    it('every catalog capability a profile advertises answers on its REST path', async () => {
      for (const prefix of ['/v1/shopping', base]) {
        const profile = (
          await t.inject({
            method: 'GET',
            url: prefix === base ? `${base}/.well-known/ucp` : '/.well-known/ucp',
          })
        ).json() as Json;
        const names = Object.keys(profile.ucp.capabilities).filter((n) => n.includes('.catalog.'));
        expect(names.sort()).toEqual(['dev.ucp.shopping.catalog.lookup', 'dev.ucp.shopping.catalog.search']);
        const id = prefix === base ? store.item('bouquet_roses').groupId : 'web-hosting';
        for (const [path, body] of [
          ['/catalog/search', { query: 'roses hosting' }],
          ['/catalog/lookup', { ids: [id] }],
          ['/catalog/product', { id }],
        ] as const) {
          const res = await call('POST', `${prefix}${path}`, body);
          expect({ path, status: res.statusCode }).toEqual({ path, status: 200 });
        }
      }
    });
  });

  describe('checkout', () => {
    it('a PUT is a full replacement: the buyer and the codes it leaves out are cleared', async () => {
      const created = await json(
        'POST',
        `${base}/checkout-sessions`,
        readyBody([line('bouquet_roses')], ['10OFF', 'FIXED500']),
      );
      expect(created.discounts.applied).toHaveLength(2);
      const replaced = await json('PUT', `${base}/checkout-sessions/${created.id}`, {
        line_items: [{ id: created.line_items[0].id, ...line('bouquet_roses') }],
        context: TAXED_ADDRESS,
        discounts: { codes: ['WELCOME20'] },
      });
      expect(replaced.buyer).toBeUndefined();
      expect(replaced.status).toBe('incomplete');
      expect(replaced.messages).toEqual([
        expect.objectContaining({ code: 'missing', path: '$.buyer.email' }),
      ]);
      expect(replaced.discounts).toEqual({
        codes: ['WELCOME20'],
        applied: [expect.objectContaining({ code: 'WELCOME20', amount: 700 })],
      });
      const cleared = await json('PUT', `${base}/checkout-sessions/${created.id}`, {
        line_items: [{ id: created.line_items[0].id, ...line('bouquet_roses') }],
        buyer: BUYER,
        context: TAXED_ADDRESS,
        discounts: { codes: [] },
      });
      expect(cleared.discounts).toEqual({ codes: [], applied: [] });
      expect(cleared.totals.map((x: Json) => x.type)).toEqual(['subtotal', 'tax', 'total']);
      expect(cleared.status).toBe('ready_for_complete');
    });

    it('codes match case-insensitively: 10off applies the store’s 10OFF', async () => {
      const checkout = await json(
        'POST',
        `${base}/checkout-sessions`,
        readyBody([line('pot_ceramic')], ['10off']),
      );
      expect(checkout.messages).toBeUndefined();
      expect(checkout.discounts.applied).toEqual([expect.objectContaining({ code: '10OFF', amount: 150 })]);
    });

    it('two valid codes are both applied: each in discounts.applied, the sum in totals and in the line totals', async () => {
      const checkout = await json(
        'POST',
        `${base}/checkout-sessions`,
        readyBody([line('bouquet_roses', 2), line('pot_ceramic')], ['10OFF', 'FIXED500']),
      );
      const applied = checkout.discounts.applied as Json[];
      expect(applied.map((d) => d.code).sort()).toEqual(['10OFF', 'FIXED500']);
      for (const d of applied) {
        expect(Number.isInteger(d.amount) && d.amount > 0).toBe(true);
        expect(d).toMatchObject({ automatic: false, title: expect.any(String) });
        expect(d.allocations).toBeUndefined();
      }
      const sum = applied.reduce((a, d) => a + d.amount, 0);
      expect(checkout.totals.find((x: Json) => x.type === 'discount').amount).toBe(-sum);
      const lineDiscounts = (checkout.line_items as Json[]).map(
        (l) => l.totals.find((x: Json) => x.type === 'discount')?.amount ?? 0,
      );
      expect(lineDiscounts.reduce((a, b) => a + b, 0)).toBe(-sum);
      // No allocations: every discount is totalled as `discount`, never `items_discount`.
      expect(JSON.stringify(checkout.totals)).not.toContain('items_discount');
      expect(JSON.stringify(checkout.line_items)).not.toContain('items_discount');
    });

    it('a cart’s code that is no longer valid at checkout: a discount_code_invalid warning, the checkout made', async () => {
      const cart = await json('POST', `${base}/carts`, {
        line_items: [line('bouquet_tulips')],
        discounts: { codes: ['WELCOME20'] },
      });
      expect(cart.discounts.applied).toEqual([expect.objectContaining({ code: 'WELCOME20' })]);
      const at = store.discounts.findIndex((d) => d.code === 'WELCOME20');
      const [welcome] = store.discounts.splice(at, 1);
      try {
        const res = await call('POST', `${base}/checkout-sessions`, {
          ...readyBody([line('bouquet_roses')]),
          cart_id: cart.id,
        });
        expect(res.statusCode).toBe(201);
        const checkout = res.json() as Json;
        expect(checkout.discounts).toEqual({ codes: ['WELCOME20'], applied: [] });
        expect(checkout.messages).toEqual([
          expect.objectContaining({
            type: 'warning',
            code: 'discount_code_invalid',
            path: '$.discounts.codes[0]',
          }),
        ]);
      } finally {
        store.discounts.splice(at, 0, welcome);
      }
    });

    it('the same inputs give the same checkout: status, line items, totals and messages', async () => {
      const body = readyBody([line('bouquet_sunflowers', 2), line('gardenias')], ['10OFF', 'NOPE']);
      const [a, b] = [
        await json('POST', `${base}/checkout-sessions`, body),
        await json('POST', `${base}/checkout-sessions`, body),
      ];
      const shape = (c: Json) => ({
        status: c.status,
        line_items: c.line_items,
        totals: c.totals,
        messages: c.messages,
        discounts: c.discounts,
      });
      expect(a.id).not.toBe(b.id);
      expect(shape(b)).toEqual(shape(a));
    });

    it('complete is refused unless ready_for_complete: checkout_not_ready, nothing reserved or charged', async () => {
      const incomplete = await json('POST', `${base}/checkout-sessions`, {
        line_items: [line('orchid_white')],
      });
      expect(incomplete.status).toBe('incomplete');
      const res = await call(
        'POST',
        `${base}/checkout-sessions/${incomplete.id}/complete`,
        card('success_token'),
      );
      expect(res.statusCode).toBe(200);
      const body = res.json() as Json;
      expect(body.status).toBe('incomplete');
      expect(body.messages).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: 'error', code: 'checkout_not_ready' })]),
      );
      expect(store.callsOf('reserve').filter((c) => (c.body as Json).reference === incomplete.id)).toEqual(
        [],
      );
    });

    it('a completed checkout is immutable: update and cancel are checkout_not_modifiable, complete answers it unchanged', async () => {
      const created = await json('POST', `${base}/checkout-sessions`, readyBody([line('bouquet_tulips')]));
      const done = await json(
        'POST',
        `${base}/checkout-sessions/${created.id}/complete`,
        card('success_token'),
      );
      expect(done.status).toBe('completed');
      completed.push(done);
      for (const [method, url, body] of [
        ['PUT', `${base}/checkout-sessions/${created.id}`, readyBody([line('bouquet_roses', 3)])],
        ['POST', `${base}/checkout-sessions/${created.id}/cancel`, {}],
      ] as const) {
        const res = await call(method, url, body);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          ucp: expect.objectContaining({ status: 'error' }),
          messages: [
            expect.objectContaining({
              type: 'error',
              code: 'checkout_not_modifiable',
              severity: 'unrecoverable',
            }),
          ],
        });
      }
      const again = await json(
        'POST',
        `${base}/checkout-sessions/${created.id}/complete`,
        card('success_token'),
      );
      const after = await json('GET', `${base}/checkout-sessions/${created.id}`);
      expect(again).toEqual(done);
      expect(after).toEqual(done);
      expect(store.orders.filter((o) => o.reference === created.id)).toHaveLength(1);
    });

    it('every live status can be canceled (incomplete, requires_escalation, ready_for_complete); canceling again is checkout_not_modifiable', async () => {
      const platformBuyer = await t.buyer();
      const escalated = await t.ucp(platformBuyer, 'POST', '/v1/shopping/checkout-sessions', {
        line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }],
        buyer: BUYER,
      });
      answers.push({ operation: 'POST /v1/shopping/checkout-sessions', res: escalated });
      const sessions: [TestCredential, string, Json][] = [
        [buyer, base, await json('POST', `${base}/checkout-sessions`, { line_items: [line('pot_ceramic')] })],
        [platformBuyer, '/v1/shopping', escalated.json() as Json],
        [buyer, base, await json('POST', `${base}/checkout-sessions`, readyBody([line('pot_ceramic')]))],
      ];
      expect(sessions.map(([, , s]) => s.status)).toEqual([
        'incomplete',
        'requires_escalation',
        'ready_for_complete',
      ]);
      for (const [who, prefix, session] of sessions) {
        const url = `${prefix}/checkout-sessions/${session.id}/cancel`;
        const canceled = await t.ucp(who, 'POST', url, {});
        answers.push({ operation: `POST ${url}`, res: canceled });
        expect(canceled.statusCode).toBe(200);
        expect(canceled.json()).toMatchObject({ id: session.id, status: 'canceled' });
        expect((canceled.json() as Json).continue_url).toBeUndefined();
        const again = await t.ucp(who, 'POST', url, {});
        answers.push({ operation: `POST ${url}`, res: again });
        expect(again.json()).toMatchObject({
          ucp: { status: 'error' },
          messages: [expect.objectContaining({ code: 'checkout_not_modifiable' })],
        });
      }
    });

    it('requires_escalation from the first response: a requires_buyer_input message and an absolute https continue_url', async () => {
      const platformBuyer = await t.buyer();
      const res = await t.ucp(platformBuyer, 'POST', '/v1/shopping/checkout-sessions', {
        line_items: [{ item: { id: 'web-hosting-3' }, quantity: 1 }],
        buyer: BUYER,
      });
      answers.push({ operation: 'POST /v1/shopping/checkout-sessions', res });
      expect(res.statusCode).toBe(201);
      const checkout = res.json() as Json;
      expect(checkout.status).toBe('requires_escalation');
      expect(checkout.messages).toEqual([
        expect.objectContaining({
          type: 'error',
          code: 'payment_method_required',
          severity: 'requires_buyer_input',
        }),
      ]);
      const url = new URL(checkout.continue_url);
      expect(url.protocol).toBe('https:');
      expect(url.href).toBe(checkout.continue_url);
      expect(url.pathname).toBe(`/v1/shopping/checkout-sessions/${checkout.id}/continue`);
    });
  });

  describe('payment', () => {
    it('an instrument of a handler the business does not advertise: validation_error on its handler_id, nothing charged', async () => {
      const created = await json('POST', `${base}/checkout-sessions`, readyBody([line('bouquet_roses')]));
      const res = await call('POST', `${base}/checkout-sessions/${created.id}/complete`, {
        payment: {
          instruments: [
            {
              id: 'instr_1',
              handler_id: 'payment_profile',
              type: 'payment_profile',
            },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Json;
      expect(body.status).toBe('ready_for_complete');
      expect(body.messages).toEqual([
        expect.objectContaining({
          code: 'validation_error',
          path: '$.payment.instruments[0].handler_id',
        }),
      ]);
      expect(store.callsOf('paid-order').filter((c) => (c.body as Json).reference === created.id)).toEqual(
        [],
      );
    });

    it('a card credential carrying a card number is refused: 400 invalid_request, nothing charged', async () => {
      const created = await json('POST', `${base}/checkout-sessions`, readyBody([line('bouquet_roses')]));
      const res = await call(
        'POST',
        `${base}/checkout-sessions/${created.id}/complete`,
        card('success_token', { number: '4111111111111111', expiry_month: 12, expiry_year: 2030 }),
      );
      expect(res.statusCode).toBe(400);
      expect((res.json() as Json).messages).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: 'invalid_request', path: expect.stringContaining('credential') }),
        ]),
      );
      expect((await json('GET', `${base}/checkout-sessions/${created.id}`)).status).toBe(
        'ready_for_complete',
      );
    });

    it('the credential token is used, never shown back: no answer carries it', async () => {
      const created = await json('POST', `${base}/checkout-sessions`, readyBody([line('pot_ceramic')]));
      const done = await call(
        'POST',
        `${base}/checkout-sessions/${created.id}/complete`,
        card('success_token'),
      );
      completed.push(done.json() as Json);
      const got = await call('GET', `${base}/checkout-sessions/${created.id}`);
      for (const res of [done, got]) {
        const body = res.json() as Json;
        expect(body.status).toBe('completed');
        expect(body.payment.instruments).toEqual([
          expect.objectContaining({
            id: 'instr_1',
            handler_id: 'sandbox_card',
            type: 'card',
            credential: { type: 'token' },
          }),
        ]);
        // The profile's handler config names the sandbox's test tokens; nothing else may.
        expect(JSON.stringify({ ...body, ucp: undefined })).not.toContain('success_token');
      }
      // Nor is it kept: the session row holds the instrument without its token (PCI-DSS: a
      // credential is used for the charge and never stored).
      const [row] = (await t.dataSource.query(
        `SELECT input::text AS input FROM shopping.checkout_sessions WHERE id = $1`,
        [created.id],
      )) as { input: string }[];
      expect(row.input).toContain('instr_1');
      expect(row.input).not.toContain('success_token');
    });
  });

  describe('orders', () => {
    it('an order answer is the full order: every line with its status and quantity, the fulfillment expectation, the checkout’s currency', async () => {
      expect(completed.length).toBeGreaterThan(0);
      for (const checkout of completed) {
        const res = await call('GET', `${base}/orders/${checkout.order.id}`);
        expect(res.statusCode).toBe(200);
        const order = res.json() as Json;
        expectUcpValid('order', order);
        expect(order).toMatchObject({
          id: checkout.order.id,
          checkout_id: checkout.id,
          currency: checkout.currency,
          permalink_url: checkout.order.permalink_url,
        });
        expect(order.line_items.map((l: Json) => [l.item.id, l.quantity.total, l.status])).toEqual(
          checkout.line_items.map((l: Json) => [l.item.id, l.quantity, expect.any(String)]),
        );
        expect(order.fulfillment.expectations).toEqual([
          expect.objectContaining({
            id: expect.any(String),
            line_items: expect.any(Array),
            method_type: expect.any(String),
            destination: expect.any(Object),
          }),
        ]);
      }
    });

    it('GET an order: 401 without a token; another buyer’s order is the 200 order_not_found envelope', async () => {
      const orderId = completed[0].order.id as string;
      const noToken = await t.inject({
        method: 'GET',
        url: `${base}/orders/${orderId}`,
        headers: { 'ucp-agent': t.agent.header },
      });
      answers.push({ operation: 'GET …/orders/{id} without a token', res: noToken });
      expect(noToken.statusCode).toBe(401);
      expect((noToken.json() as Json).messages[0].code).toBe('unauthorized');
      const stranger = await t.buyer();
      t.commerce.grant(stranger.headers.authorization, store.storeId);
      const other = await t.ucp(stranger, 'GET', `${base}/orders/${orderId}`);
      answers.push({ operation: 'GET …/orders/{id} of another buyer', res: other });
      expect(other.statusCode).toBe(200);
      expect(other.json()).toEqual({
        ucp: expect.objectContaining({ status: 'error' }),
        messages: [expect.objectContaining({ code: 'order_not_found', severity: 'unrecoverable' })],
      });
    });
  });

  describe('carts', () => {
    it('a cart whose every item is unknown: HTTP 200 with the error envelope, no cart', async () => {
      const res = await call('POST', `${base}/carts`, {
        line_items: [{ item: { id: randomUUID() }, quantity: 1 }],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ucp: expect.objectContaining({ status: 'error' }),
        messages: [expect.objectContaining({ type: 'error', severity: 'unrecoverable' })],
      });
    });

    it('a cart takes estimated totals and tells a refused code as a warning message', async () => {
      const cart = await json('POST', `${base}/carts`, {
        line_items: [line('bouquet_roses')],
        context: TAXED_ADDRESS,
        discounts: { codes: ['NOPE'] },
      });
      expect(cart.totals.map((x: Json) => [x.type, x.amount])).toEqual([
        ['subtotal', 3500],
        ['tax', 280],
        ['total', 3780],
      ]);
      expect(cart.messages).toEqual([
        expect.objectContaining({
          type: 'warning',
          code: 'discount_code_invalid',
          path: '$.discounts.codes[0]',
        }),
      ]);
    });

    it('a cart PUT is a full replacement; cancel answers the cart as it was; a quantity below 1 is refused', async () => {
      const cart = await json('POST', `${base}/carts`, {
        line_items: [line('bouquet_roses')],
        context: TAXED_ADDRESS,
        discounts: { codes: ['FIXED500'] },
      });
      const replaced = await json('PUT', `${base}/carts/${cart.id}`, {
        line_items: [{ id: cart.line_items[0].id, ...line('bouquet_roses', 2) }],
      });
      expect(replaced.context).toBeUndefined();
      expect(replaced.discounts).toEqual({ codes: [], applied: [] });
      expect(replaced.totals.map((x: Json) => x.type)).toEqual(['subtotal', 'total']);
      const canceled = await call('POST', `${base}/carts/${cart.id}/cancel`, {});
      const { ucp: _u, ...before } = replaced;
      const { ucp: _c, ...answer } = canceled.json() as Json;
      expect(answer).toEqual(before);
      const zero = await call('POST', `${base}/carts`, { line_items: [line('bouquet_roses', 0)] });
      expect(zero.statusCode).toBe(400);
      expect((zero.json() as Json).messages[0]).toMatchObject({
        code: 'invalid_request',
        path: '$.line_items[0].quantity',
      });
    });

    it('cart writes honour Idempotency-Key: a replay answers the first answer, another body under the key is 409', async () => {
      const key = randomUUID();
      const body = { line_items: [line('pot_ceramic')] };
      const first = await call('POST', `${base}/carts`, body, { 'idempotency-key': key });
      const replay = await call('POST', `${base}/carts`, body, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(first.body);
      const other = await call(
        'POST',
        `${base}/carts`,
        { line_items: [line('pot_ceramic', 2)] },
        {
          'idempotency-key': key,
        },
      );
      expect(other.statusCode).toBe(409);
      expect((other.json() as Json).messages[0].code).toBe('idempotency_key_mismatch');
      const [row] = (await t.dataSource.query(
        `SELECT extract(epoch FROM expires_at - created_at) AS kept FROM "idempotency"."idempotency_records"
          WHERE idempotency_key = $1`,
        [key],
      )) as { kept: string }[];
      expect(Number(row.kept)).toBeGreaterThanOrEqual(24 * 3600);
    });
  });

  describe('protocol', () => {
    it('protocol errors carry their HTTP status and a JSON envelope with code and content: 401, 403', async () => {
      const noToken = await t.inject({
        method: 'POST',
        url: `${base}/catalog/search`,
        headers: { 'ucp-agent': t.agent.header, 'content-type': 'application/json' },
        payload: JSON.stringify({ query: 'roses' }),
      });
      const reader = await t.buyer(['shopping.catalog:read']);
      const noScope = await t.ucp(reader, 'POST', '/v1/shopping/checkout-sessions', {
        line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }],
      });
      for (const [res, status, code] of [
        [noToken, 401, 'unauthorized'],
        [noScope, 403, 'forbidden'],
      ] as const) {
        answers.push({ operation: `protocol ${status}`, res });
        expect(res.statusCode).toBe(status);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({
          ucp: { version: '2026-04-08', status: 'error' },
          messages: [expect.objectContaining({ type: 'error', code, content: expect.any(String) })],
        });
      }
    });

    it('a UCP-Agent profile URL over plain http (not allow-listed): 400 invalid_profile_url', async () => {
      const res = await call(
        'POST',
        `${base}/catalog/search`,
        { query: 'roses' },
        {
          'ucp-agent': 'profile="http://8.8.8.8/.well-known/ucp"',
        },
      );
      expect(res.statusCode).toBe(400);
      expect((res.json() as Json).messages[0]).toMatchObject({
        code: 'invalid_profile_url',
        content: expect.stringMatching(/use https/),
      });
    });

    it('the business profiles: reverse-domain names, ucp.dev spec and schema URLs, https endpoints, a dated version', async () => {
      for (const url of ['/.well-known/ucp', `${base}/.well-known/ucp`]) {
        const res = await t.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.headers.location).toBeUndefined();
        const cache = String(res.headers['cache-control']);
        expect(cache).toMatch(/(^|, )public(,|$)/);
        expect(Number(/max-age=(\d+)/.exec(cache)?.[1])).toBeGreaterThanOrEqual(60);
        expect(cache).not.toMatch(/private|no-store|no-cache/);
        const profile = res.json() as Json;
        expectUcpValid('business_profile', profile);
        expect(profile.ucp.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const reverseDomain = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+){2,}$/;
        for (const [name, services] of Object.entries(profile.ucp.services as Record<string, Json[]>)) {
          expect(name).toMatch(reverseDomain);
          for (const s of services) expect(new URL(s.endpoint).protocol).toBe('https:');
        }
        for (const [name, decls] of Object.entries(profile.ucp.capabilities as Record<string, Json[]>)) {
          expect(name).toMatch(reverseDomain);
          expect(name.startsWith('dev.ucp.')).toBe(true);
          for (const d of decls) {
            expect(new URL(d.spec).origin).toBe('https://ucp.dev');
            expect(new URL(d.schema).origin).toBe('https://ucp.dev');
          }
        }
      }
    });

    it('the profiles’ payment handlers and signing keys: reverse-domain keys, ids, instrument types, P-256 JWKs', async () => {
      for (const url of ['/.well-known/ucp', `${base}/.well-known/ucp`]) {
        const profile = (await t.inject({ method: 'GET', url })).json() as Json;
        const registry = profile.ucp.payment_handlers as Record<string, Json[]>;
        expect(Object.keys(registry).length).toBeGreaterThan(0);
        for (const [key, handlers] of Object.entries(registry)) {
          expect(key).toMatch(/^[a-z][a-z0-9_]*(\.[a-z0-9_]+){2,}$/);
          for (const h of handlers) {
            expect(h.id).toEqual(expect.any(String));
            expect(h.available_instruments.length).toBeGreaterThan(0);
            for (const i of h.available_instruments) expect(i.type).toEqual(expect.any(String));
          }
        }
        expect(profile.signing_keys).toEqual([
          expect.objectContaining({
            kty: 'EC',
            crv: 'P-256',
            alg: 'ES256',
            kid: expect.any(String),
            x: expect.any(String),
            y: expect.any(String),
          }),
        ]);
        expect(profile.signing_keys[0].d).toBeUndefined();
      }
    });

    it('context eligibility claims and attribution change nothing: the same checkout with and without them', async () => {
      const plain = readyBody([line('bouquet_roses')], ['10OFF']);
      const claimed = {
        ...plain,
        context: { ...plain.context, eligibility: ['com.example.loyalty_gold', 'dev.ucp.unknown_claim'] },
        attribution: { source: 'newsletter', campaign: 'spring' },
      };
      const [a, b] = [
        await json('POST', `${base}/checkout-sessions`, plain),
        await json('POST', `${base}/checkout-sessions`, claimed),
      ];
      const shape = (c: Json) => ({
        ucp: c.ucp,
        status: c.status,
        line_items: c.line_items,
        totals: c.totals,
        messages: c.messages,
        discounts: c.discounts,
      });
      expect(b.status).toBe('ready_for_complete');
      expect(shape(b)).toEqual(shape(a));
      const done = await json('POST', `${base}/checkout-sessions/${b.id}/complete`, card('success_token'));
      expect(done.status).toBe('completed');
    });

    it('every message path is an RFC 9535 JSONPath; errors about a header or path parameter carry none', async () => {
      const badKey = await call(
        'POST',
        `${base}/carts`,
        { line_items: [line('pot_ceramic')] },
        {
          'idempotency-key': 'not-a-uuid-but-long-enough',
        },
      );
      const noAgent = await t.inject({
        method: 'POST',
        url: `${base}/catalog/search`,
        headers: { ...buyer.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ query: 'roses' }),
      });
      const badStore = await call('POST', '/v1/shopping/stores/not-a-store/catalog/search', {
        query: 'roses',
      });
      answers.push({ operation: 'POST …/catalog/search without UCP-Agent', res: noAgent });
      for (const [res, names] of [
        [badKey, 'Idempotency-Key'],
        [noAgent, 'UCP-Agent'],
        [badStore, 'storeId'],
      ] as const) {
        expect(res.statusCode).toBe(400);
        const [message] = (res.json() as Json).messages as Json[];
        expect(message.path).toBeUndefined();
        expect(message.content).toContain(names);
      }
      const paths = answers.flatMap(({ res }) =>
        (((res.json() as Json).messages ?? []) as Json[]).flatMap((m) => (m.path ? [m.path as string] : [])),
      );
      expect(paths.length).toBeGreaterThan(10);
      for (const path of paths) expect(path).toMatch(/^\$(\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])+$/);
    });

    it('every answer of this suite is application/json and names UCP 2026-04-08 in ucp', () => {
      expect(answers.length).toBeGreaterThan(40);
      for (const { operation, res } of answers) {
        const body = res.json() as Json;
        expect({ operation, type: res.headers['content-type'], version: body.ucp?.version }).toEqual({
          operation,
          type: expect.stringMatching(/^application\/json/),
          version: '2026-04-08',
        });
        if (body.ucp.status !== 'error') expect(body.ucp.capabilities).toEqual(expect.any(Object));
      }
    });

    it('ucp.status error comes without a resource, success with one', () => {
      for (const { operation, res } of answers) {
        const body = res.json() as Json;
        const resource = ['id', 'products', 'product'].filter((k) => k in body);
        expect({ operation, status: body.ucp.status, resource: resource.length > 0 }).toEqual({
          operation,
          status: body.ucp.status,
          resource: body.ucp.status !== 'error',
        });
        if (body.ucp.status === 'error') expect(body.messages.length).toBeGreaterThan(0);
      }
    });

    it('every checkout answer carries continue_url exactly when its status is live', () => {
      const checkouts = answers
        .map(({ res }) => res.json() as Json)
        .filter((b) => b.ucp.status !== 'error' && typeof b.status === 'string');
      expect(new Set(checkouts.map((c) => c.status))).toEqual(
        new Set(['incomplete', 'requires_escalation', 'ready_for_complete', 'completed', 'canceled']),
      );
      for (const c of checkouts) {
        expect({ status: c.status, continue_url: 'continue_url' in c }).toEqual({
          status: c.status,
          continue_url: LIVE.includes(c.status),
        });
        if (c.continue_url) expect(new URL(c.continue_url).protocol).toBe('https:');
      }
    });
  });

  describe('every answer against the UCP 2026-04-08 schemas', () => {
    const kindOf = (operation: string, body: Json) => {
      if (body.ucp.status === 'error') return 'error_response' as const;
      if (operation.includes('/checkout-sessions')) return 'checkout' as const;
      if (operation.includes('/carts')) return 'cart' as const;
      if (operation.includes('/orders/')) return 'order' as const;
      if (operation.endsWith('/catalog/search')) return 'search_response' as const;
      if (operation.endsWith('/catalog/lookup')) return 'lookup_response' as const;
      if (operation.endsWith('/catalog/product')) return 'get_product_response' as const;
      throw new Error(`no UCP kind for ${operation}`);
    };
    const validated = (kinds: readonly string[]) => {
      const of = answers.filter(({ operation, res }) =>
        kinds.includes(kindOf(operation, res.json() as Json)),
      );
      expect(of.length).toBeGreaterThan(0);
      for (const { operation, res } of of) {
        const body = res.json() as Json;
        try {
          expectUcpValid(kindOf(operation, body), body);
        } catch (e) {
          throw new Error(`${operation} (${res.statusCode}): ${(e as Error).message}`);
        }
      }
      return of.map(({ res }) => res.json() as Json);
    };
    const messagesOf = (bodies: Json[]) => bodies.flatMap((b) => (b.messages ?? []) as Json[]);

    it('search, lookup and product answers validate as search_response, lookup_response and get_product_response', () => {
      const bodies = validated(['search_response', 'lookup_response', 'get_product_response']);
      expect(bodies.some((b) => b.products?.length && b.pagination)).toBe(true);
      expect(bodies.some((b) => b.product?.selected)).toBe(true);
      expect(messagesOf(bodies).some((m) => m.type === 'info')).toBe(true);
    });

    it('checkout answers validate as checkout.json with the discount extension, payment instruments included', () => {
      const bodies = validated(['checkout']);
      expect(bodies.some((b) => b.discounts?.applied?.length)).toBe(true);
      expect(bodies.some((b) => b.payment?.instruments?.length)).toBe(true);
      expect(messagesOf(bodies).some((m) => m.type === 'warning')).toBe(true);
      expect(messagesOf(bodies).some((m) => m.type === 'error')).toBe(true);
    });

    it('cart answers validate as cart.json (ucp, id, line_items, currency, totals)', () => {
      validated(['cart']);
    });

    it('order answers validate as order.json', () => {
      validated(['order']);
    });

    it('error envelopes validate as error_response.json, HTTP 200 and 4xx alike', () => {
      const bodies = validated(['error_response']);
      expect(new Set(answers.map(({ res }) => res.statusCode))).toEqual(
        new Set([200, 201, 400, 401, 403, 409]),
      );
      for (const m of messagesOf(bodies))
        expect(m).toMatchObject({ type: 'error', severity: expect.any(String) });
    });

    it('totals: one subtotal and one total, signs by type, the entries and their lines summing, on checkouts, carts and lines', () => {
      const bodies = answers
        .map(({ res }) => res.json() as Json)
        .filter((b) => b.ucp.status !== 'error' && Array.isArray(b.totals));
      expect(bodies.length).toBeGreaterThan(10);
      for (const b of bodies) {
        expect(ucpTotalsProblems(b.totals)).toEqual([]);
        for (const l of b.line_items as Json[]) expect(ucpTotalsProblems(l.totals)).toEqual([]);
      }
      expect(bodies.some((b) => b.totals.some((x: Json) => x.type === 'discount' && x.lines?.length))).toBe(
        true,
      );
    });
  });
});
