import { randomUUID } from 'node:crypto';
import { deriveInternalCredential } from '@platform/crypto';
import { TEST_ENCRYPTION_KEY, describeWithVendorData, type TestCredential } from '@platform/testing';
import { fakeStoreOverrides, readCsv, startFakeStore, type FakeStore } from './support/fake-store';
import { startShoppingTestApp, type ShoppingTestApp } from './support/shopping-test-app';
import { describeRecordedResponsesValid, type UcpJson } from './support/ucp-responses';

type Json = UcpJson;

const INTERNAL = deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'));

/** An instrument of the store's sandbox card handler with one of its test tokens. */
const card = (token: string) => ({
  payment: {
    instruments: [
      {
        id: 'instr_1',
        handler_id: 'sandbox_card',
        type: 'card',
        selected: true,
        credential: { type: 'token', token },
      },
    ],
  },
});

const TAXED_ADDRESS = { address_country: 'US', address_region: 'IL', postal_code: '62704' };

/**
 * A store as a business at /v1/shopping/stores/{storeId}: its profile, its catalog (SKU groups as
 * products), checkout priced, discounted and taxed by the order subgraph's quote, completion that
 * reserves stock, charges the sandbox card and places the paid order once, and carts. The owners'
 * internal routes are the fake store (support/fake-store.ts), seeded from the UCP conformance
 * flower shop; real PostgreSQL and Redis.
 */
describeWithVendorData('ucp', 'shopping: a store as a business (REST, owners faked)', (ucp) => {
  let t: ShoppingTestApp;
  let store: FakeStore;
  let buyer: TestCredential;
  let base: string;

  const sku = (key: string) => store.item(key).skuId;
  const line = (key: string, quantity = 1) => ({ item: { id: sku(key) }, quantity });
  const readyBody = (lines: Json[], codes: string[] = []) => ({
    line_items: lines,
    buyer: { email: 'jane.doe@example.com', first_name: 'Jane', last_name: 'Doe' },
    context: TAXED_ADDRESS,
    ...(codes.length ? { discounts: { codes } } : {}),
  });
  const lastQuote = () => store.callsOf('quote').at(-1)?.answer as Json;

  beforeAll(async () => {
    store = await startFakeStore(INTERNAL, { taxRates: { US: 0.08 } });
    store.seedFlowerShop(ucp);
    t = await startShoppingTestApp('shopping-store', fakeStoreOverrides(store));
    buyer = await t.buyer();
    t.commerce.grant(buyer.headers.authorization, store.storeId);
    base = `/v1/shopping/stores/${store.storeId}`;
  });

  afterAll(async () => {
    await t?.close();
    await store?.close();
  });

  describe('profile', () => {
    it('GET …/stores/{id}/.well-known/ucp: the discount capability and the sandbox card handler with its test tokens', async () => {
      const res = await t.inject({ method: 'GET', url: `${base}/.well-known/ucp` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      const body = res.json() as Json;
      t.responses.push({
        operation: `GET ${base}/.well-known/ucp`,
        status: 200,
        kind: 'business_profile',
        body,
      });
      expect(body.ucp.services['dev.ucp.shopping'][0]).toMatchObject({
        transport: 'rest',
        endpoint: `https://api.platform.test${base}`,
      });
      expect(body.ucp.capabilities['dev.ucp.shopping.discount']).toEqual([
        expect.objectContaining({
          version: '2026-04-08',
          extends: ['dev.ucp.shopping.checkout', 'dev.ucp.shopping.cart'],
        }),
      ]);
      const handlers = Object.values(body.ucp.payment_handlers).flat() as Json[];
      expect(handlers).toEqual([
        expect.objectContaining({
          id: 'sandbox_card',
          available_instruments: [expect.objectContaining({ type: 'card' })],
          config: expect.objectContaining({
            test_tokens: { approve: 'success_token', decline: 'fail_token' },
          }),
        }),
      ]);
    });
  });

  describe('catalog', () => {
    it('search walks the SKU groups as products in keyset pages, each variant a SKU at its CSV price', async () => {
      const titles: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const res = await t.ucp(buyer, 'POST', `${base}/catalog/search`, {
          filters: { price: { min: 0 } },
          pagination: { limit: 4, ...(cursor ? { cursor } : {}) },
        });
        expect(res.statusCode).toBe(200);
        const body = res.json() as Json;
        pages++;
        for (const p of body.products as Json[]) {
          const item = store.items.find((i) => i.groupId === p.id);
          expect(item).toBeDefined();
          expect(p.variants).toEqual([
            expect.objectContaining({
              id: item?.skuId,
              sku: item?.key,
              price: { amount: item?.price, currency: 'USD' },
            }),
          ]);
          titles.push(p.title);
        }
        expect(body.pagination.has_next_page).toBe(Boolean(body.pagination.cursor));
        cursor = body.pagination.cursor;
      } while (cursor);
      expect(pages).toBe(2);
      const csv = readCsv(ucp.readText('conformance-flower-shop', 'products.csv'));
      expect(titles.sort()).toEqual(csv.map((p) => p.title).sort());
    });

    it('the out-of-stock gardenias are listed, their variant unavailable; a query narrows the search', async () => {
      const res = await t.ucp(buyer, 'POST', `${base}/catalog/search`, { query: 'gardenias' });
      const products = (res.json() as Json).products as Json[];
      expect(products).toHaveLength(1);
      expect(products[0].variants[0].availability).toEqual({ available: false, status: 'out_of_stock' });
      const roses = (
        (await t.ucp(buyer, 'POST', `${base}/catalog/search`, { query: 'roses' })).json() as Json
      ).products as Json[];
      expect(roses.map((p) => p.variants[0].availability)).toEqual([{ available: true, status: 'in_stock' }]);
    });

    it('lookup answers a SKU id (exact) and a group id (featured); an unknown id is an info not_found', async () => {
      const unknown = randomUUID();
      const res = await t.ucp(buyer, 'POST', `${base}/catalog/lookup`, {
        ids: [sku('bouquet_roses'), store.item('orchid_white').groupId, unknown],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Json;
      expect(body.products.map((p: Json) => [p.id, p.variants[0].inputs])).toEqual([
        [store.item('bouquet_roses').groupId, [{ id: sku('bouquet_roses'), match: 'exact' }]],
        [store.item('orchid_white').groupId, [{ id: store.item('orchid_white').groupId, match: 'featured' }]],
      ]);
      expect(body.messages).toEqual([
        expect.objectContaining({ type: 'info', code: 'not_found', path: '$.ids[2]' }),
      ]);
    });

    it('product answers one product in full; an unknown id is the 200 product_not_found envelope', async () => {
      const found = await t.ucp(buyer, 'POST', `${base}/catalog/product`, { id: sku('pot_ceramic') });
      expect(found.statusCode).toBe(200);
      expect((found.json() as Json).product).toMatchObject({
        id: store.item('pot_ceramic').groupId,
        title: 'Ceramic Pot',
        price_range: { min: { amount: 1500, currency: 'USD' }, max: { amount: 1500, currency: 'USD' } },
      });
      const missing = await t.ucp(buyer, 'POST', `${base}/catalog/product`, { id: randomUUID() });
      expect(missing.statusCode).toBe(200);
      expect(missing.json()).toMatchObject({
        ucp: { status: 'error' },
        messages: [{ type: 'error', code: 'product_not_found', severity: 'unrecoverable', path: '$.id' }],
      });
    });
  });

  describe('checkout', () => {
    it('a discount code and a taxed address: the totals are the order quote’s, discount negative, and sum', async () => {
      const res = await t.ucp(
        buyer,
        'POST',
        `${base}/checkout-sessions`,
        readyBody([line('bouquet_roses', 2), line('pot_ceramic')], ['10OFF']),
      );
      expect(res.statusCode).toBe(201);
      const checkout = res.json() as Json;
      expect(checkout.status).toBe('ready_for_complete');
      const quote = lastQuote();
      expect(quote).toMatchObject({ subtotal: 2 * 3500 + 1500, discountTotal: 850, taxTotal: 680 });
      expect(checkout.totals.map((x: Json) => [x.type, x.amount])).toEqual([
        ['subtotal', quote.subtotal],
        ['discount', -quote.discountTotal],
        ['tax', quote.taxTotal],
        ['total', quote.total],
      ]);
      expect(quote.total).toBe(quote.subtotal - quote.discountTotal + quote.taxTotal);
      expect(checkout.discounts).toEqual({
        codes: ['10OFF'],
        applied: [{ code: '10OFF', title: '10% Off', amount: 850, automatic: false }],
      });
      for (const [i, l] of (checkout.line_items as Json[]).entries()) {
        const q = quote.lines[i];
        expect(l.totals.find((x: Json) => x.type === 'total').amount).toBe(q.total);
      }
    });

    it('a code the store does not know: a warning on $.discounts.codes[i], the others still applied', async () => {
      const res = await t.ucp(
        buyer,
        'POST',
        `${base}/checkout-sessions`,
        readyBody([line('bouquet_tulips')], ['NOPE', 'FIXED500']),
      );
      expect(res.statusCode).toBe(201);
      const checkout = res.json() as Json;
      expect(checkout.messages).toEqual([
        expect.objectContaining({
          type: 'warning',
          code: 'discount_code_invalid',
          path: '$.discounts.codes[0]',
        }),
      ]);
      expect(checkout.discounts.applied).toEqual([
        expect.objectContaining({ code: 'FIXED500', amount: 500 }),
      ]);
      expect(checkout.status).toBe('ready_for_complete');
    });

    it('only out-of-stock lines: 200 with the error envelope, out_of_stock on the line, no checkout', async () => {
      const res = await t.ucp(buyer, 'POST', `${base}/checkout-sessions`, readyBody([line('gardenias')]));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ucp: expect.objectContaining({ status: 'error' }),
        messages: [expect.objectContaining({ type: 'error', code: 'out_of_stock', path: '$.line_items[0]' })],
      });
    });

    it('an out-of-stock line beside others: the checkout, incomplete, out_of_stock on that line', async () => {
      const res = await t.ucp(
        buyer,
        'POST',
        `${base}/checkout-sessions`,
        readyBody([line('bouquet_sunflowers'), line('gardenias')]),
      );
      expect(res.statusCode).toBe(201);
      const checkout = res.json() as Json;
      expect(checkout.status).toBe('incomplete');
      expect(checkout.messages).toEqual([
        expect.objectContaining({
          type: 'error',
          code: 'out_of_stock',
          severity: 'recoverable',
          path: '$.line_items[1]',
        }),
      ]);
    });

    it('complete with success_token: completed, stock reserved, the paid order placed once', async () => {
      const created = (
        await t.ucp(
          buyer,
          'POST',
          `${base}/checkout-sessions`,
          readyBody([line('orchid_white', 2)], ['WELCOME20']),
        )
      ).json() as Json;
      const before = store.available(store.item('orchid_white'));
      const res = await t.ucp(
        buyer,
        'POST',
        `${base}/checkout-sessions/${created.id}/complete`,
        card('success_token'),
      );
      expect(res.statusCode).toBe(200);
      const done = res.json() as Json;
      expect(done).toMatchObject({ status: 'completed', order: { id: expect.any(String) } });
      expect(store.reservations.get(`${store.storeId}|${created.id}`)).toMatchObject({
        released: false,
        lines: [{ skuId: sku('orchid_white'), quantity: 2 }],
      });
      expect(store.available(store.item('orchid_white'))).toBe(before - 2);
      const placed = store.orders.filter((o) => o.reference === created.id);
      expect(placed).toHaveLength(1);
      expect(placed[0].request).toMatchObject({
        expectedTotal: created.totals.find((x: Json) => x.type === 'total').amount,
        discountCodes: ['WELCOME20'],
        payment: { method: 'sandbox_card' },
        buyer: { email: 'jane.doe@example.com' },
      });
      const again = await t.ucp(
        buyer,
        'POST',
        `${base}/checkout-sessions/${created.id}/complete`,
        card('success_token'),
      );
      expect(again.json()).toMatchObject({ status: 'completed', order: { id: done.order.id } });
      expect(
        store.callsOf('paid-order').filter((c) => (c.body as Json).reference === created.id),
      ).toHaveLength(1);
      const order = await t.ucp(buyer, 'GET', `${base}/orders/${done.order.id}`);
      expect(order.statusCode).toBe(200);
      expect(order.json()).toMatchObject({ id: done.order.id, checkout_id: created.id, currency: 'USD' });
    });

    it('complete with fail_token: the 200 payment_failed envelope, the reservation released, no order', async () => {
      const created = (
        await t.ucp(buyer, 'POST', `${base}/checkout-sessions`, readyBody([line('bouquet_roses')]))
      ).json() as Json;
      const res = await t.ucp(
        buyer,
        'POST',
        `${base}/checkout-sessions/${created.id}/complete`,
        card('fail_token'),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        ucp: { status: 'error' },
        messages: [expect.objectContaining({ type: 'error', code: 'payment_failed' })],
      });
      expect(store.reservations.get(`${store.storeId}|${created.id}`)).toMatchObject({ released: true });
      expect(store.orders.filter((o) => o.reference === created.id)).toEqual([]);
      const after = (await t.ucp(buyer, 'GET', `${base}/checkout-sessions/${created.id}`)).json() as Json;
      expect(after.status).toBe('ready_for_complete');
      expect(after.order).toBeUndefined();
    });

    it('a store the caller may not use: 404 with the envelope, nothing asked of the owners', async () => {
      const stranger = await t.buyer();
      const calls = store.calls.length;
      for (const [who, url] of [
        [stranger, `${base}/checkout-sessions`],
        [buyer, `/v1/shopping/stores/${randomUUID()}/checkout-sessions`],
      ] as const) {
        const res = await t.ucp(who, 'POST', url, readyBody([line('bouquet_roses')]));
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({
          ucp: { version: '2026-04-08', status: 'error' },
          messages: [expect.objectContaining({ type: 'error', code: 'not_found' })],
        });
      }
      expect(store.calls.length).toBe(calls);
    });
  });

  describe('carts', () => {
    it('create, get, update and cancel a cart; a canceled cart is not found', async () => {
      const created = await t.ucp(buyer, 'POST', `${base}/carts`, {
        line_items: [line('bouquet_roses')],
        discounts: { codes: ['FIXED500'] },
      });
      expect(created.statusCode).toBe(201);
      const cart = created.json() as Json;
      expect(cart.totals.map((x: Json) => [x.type, x.amount])).toEqual([
        ['subtotal', 3500],
        ['discount', -500],
        ['total', 3000],
      ]);
      const got = await t.ucp(buyer, 'GET', `${base}/carts/${cart.id}`);
      expect(got.json()).toMatchObject({
        id: cart.id,
        line_items: [expect.objectContaining({ quantity: 1 })],
      });
      const updated = await t.ucp(buyer, 'PUT', `${base}/carts/${cart.id}`, {
        line_items: [{ id: cart.line_items[0].id, ...line('bouquet_roses', 3) }],
      });
      expect(updated.statusCode).toBe(200);
      expect((updated.json() as Json).totals.find((x: Json) => x.type === 'total').amount).toBe(3 * 3500);
      const canceled = await t.ucp(buyer, 'POST', `${base}/carts/${cart.id}/cancel`, {});
      expect(canceled.statusCode).toBe(200);
      const gone = await t.ucp(buyer, 'GET', `${base}/carts/${cart.id}`);
      expect(gone.statusCode).toBe(200);
      expect(gone.json()).toMatchObject({
        ucp: { status: 'error' },
        messages: [expect.objectContaining({ code: 'not_found', severity: 'unrecoverable' })],
      });
      const fromCanceled = await t.ucp(buyer, 'POST', `${base}/checkout-sessions`, {
        ...readyBody([line('bouquet_roses')]),
        cart_id: cart.id,
      });
      expect(fromCanceled.json()).toMatchObject({
        ucp: { status: 'error' },
        messages: [expect.objectContaining({ code: 'not_found', path: '$.cart_id' })],
      });
    });

    it('a checkout from cart_id takes the cart’s lines, buyer and context over the payload’s; converting again answers the same checkout', async () => {
      const cart = (
        await t.ucp(buyer, 'POST', `${base}/carts`, {
          line_items: [line('pot_ceramic', 2)],
          context: TAXED_ADDRESS,
          discounts: { codes: ['FIXED500'] },
        })
      ).json() as Json;
      const body = {
        line_items: [line('bouquet_roses', 5)],
        buyer: { email: 'jane.doe@example.com' },
        context: { address_country: 'DE' },
        cart_id: cart.id,
      };
      const first = await t.ucp(buyer, 'POST', `${base}/checkout-sessions`, body);
      expect(first.statusCode).toBe(201);
      const checkout = first.json() as Json;
      expect(checkout.line_items.map((l: Json) => [l.item.id, l.quantity])).toEqual([
        [sku('pot_ceramic'), 2],
      ]);
      expect(checkout.context).toMatchObject({ address_country: 'US' });
      expect(checkout.buyer).toEqual({ email: 'jane.doe@example.com' });
      expect(checkout.discounts.applied).toEqual([expect.objectContaining({ code: 'FIXED500' })]);
      expect(checkout.totals.find((x: Json) => x.type === 'tax').amount).toBe(Math.round(3000 * 0.08));
      const second = await t.ucp(buyer, 'POST', `${base}/checkout-sessions`, body);
      expect(second.statusCode).toBe(201);
      expect((second.json() as Json).id).toBe(checkout.id);
    });
  });

  describeRecordedResponsesValid(() => t.responses, 20);
});
