import { randomUUID } from 'node:crypto';
import type { TestCredential } from '@platform/testing';
import { startShoppingTestApp, type ShoppingTestApp } from './support/shopping-test-app';
import { describeRecordedResponsesValid, type UcpJson } from './support/ucp-responses';

type Json = UcpJson;

/**
 * The platform as a business at /v1/shopping: discovery, a domain search, a checkout with a domain
 * (2 years) and a hosting plan through its status machine, completion paid by the buyer's payment
 * profile, and the order (real PostgreSQL and Redis; the domains service faked).
 */
describe('shopping: the platform business (REST)', () => {
  let t: ShoppingTestApp;
  let buyer: TestCredential;

  beforeAll(async () => {
    t = await startShoppingTestApp('shopping-platform');
    buyer = await t.buyer();
  });

  afterAll(() => t?.close());

  const domain = () => `shop-${randomUUID().slice(0, 8)}.com`;

  it('GET /.well-known/ucp is a public, cacheable business profile with REST and MCP services and a signing key', async () => {
    const res = await t.inject({ method: 'GET', url: '/.well-known/ucp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = res.json() as Json;
    expect(body.ucp.version).toBe('2026-04-08');
    expect(body.ucp.services['dev.ucp.shopping'].map((s: Json) => [s.transport, s.endpoint])).toEqual([
      ['rest', 'https://api.platform.test/v1/shopping'],
      ['mcp', 'https://api.platform.test/v1/shopping/mcp'],
    ]);
    expect(Object.keys(body.ucp.capabilities).sort()).toEqual([
      'dev.ucp.shopping.cart',
      'dev.ucp.shopping.catalog.lookup',
      'dev.ucp.shopping.catalog.search',
      'dev.ucp.shopping.checkout',
      'dev.ucp.shopping.order',
    ]);
    expect(body.signing_keys).toEqual([
      expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: expect.any(String) }),
    ]);
    t.responses.push({ operation: 'GET /.well-known/ucp', status: 200, kind: 'business_profile', body });
  });

  it('searches domain names: priced, availability-checked variants per period', async () => {
    const free = domain();
    t.domains.take('taken-name.com');
    const res = await t.ucp(buyer, 'POST', '/v1/shopping/catalog/search', {
      domains: [free, 'taken-name.com'],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Json;
    const product = body.products.find((p: Json) => p.id === `domain:${free}`);
    expect(product.variants.find((v: Json) => v.id === `domain:${free}:2y`)).toMatchObject({
      price: { amount: expect.any(Number), currency: 'USD' },
      availability: { available: true },
    });
    expect(body.ucp).toMatchObject({
      version: '2026-04-08',
      capabilities: { 'dev.ucp.shopping.catalog.search': [{ version: '2026-04-08' }] },
    });
  });

  it('walks a checkout from incomplete to completed and places the order', async () => {
    const name = domain();
    const created = await t.ucp(buyer, 'POST', '/v1/shopping/checkout-sessions', {
      line_items: [
        { item: { id: `domain:${name}:2y` }, quantity: 1 },
        { item: { id: 'web-hosting-3' }, quantity: 1 },
      ],
    });
    expect(created.statusCode).toBe(201);
    const checkout = created.json() as Json;
    expect(checkout.status).toBe('incomplete');
    expect(checkout.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'missing', path: '$.buyer.email', severity: 'recoverable' }),
      ]),
    );
    // No payment profile yet: only the buyer can add one → requires_escalation with a continue_url.
    const withEmail = await t.ucp(buyer, 'PUT', `/v1/shopping/checkout-sessions/${checkout.id}`, {
      line_items: checkout.line_items.map((l: Json) => ({
        id: l.id,
        item: { id: l.item.id },
        quantity: l.quantity,
      })),
      buyer: { email: 'buyer@example.com' },
    });
    expect(withEmail.statusCode).toBe(200);
    expect(withEmail.json()).toMatchObject({
      status: 'requires_escalation',
      continue_url: expect.stringMatching(/^https:\/\//),
    });
    t.domains.setPaymentProfile(buyer.accountId, 'ACTIVE');
    const ready = await t.ucp(buyer, 'PUT', `/v1/shopping/checkout-sessions/${checkout.id}`, {
      line_items: checkout.line_items.map((l: Json) => ({
        id: l.id,
        item: { id: l.item.id },
        quantity: l.quantity,
      })),
      buyer: { email: 'buyer@example.com' },
    });
    expect(ready.json()).toMatchObject({ status: 'ready_for_complete' });
    const totals = (ready.json() as Json).totals as Json[];
    expect(totals.map((x) => x.type)).toEqual(['subtotal', 'total']);

    const completed = await t.ucp(buyer, 'POST', `/v1/shopping/checkout-sessions/${checkout.id}/complete`, {
      payment: {
        instruments: [{ id: 'pp_1', handler_id: 'payment_profile', type: 'payment_profile', selected: true }],
      },
    });
    expect(completed.statusCode).toBe(200);
    const done = completed.json() as Json;
    expect(done).toMatchObject({
      status: 'completed',
      order: { id: expect.stringMatching(/^ord_/), permalink_url: expect.any(String) },
    });
    expect(done.continue_url).toBeUndefined();

    const order = await t.ucp(buyer, 'GET', `/v1/shopping/orders/${done.order.id}`);
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({
      id: done.order.id,
      checkout_id: checkout.id,
      currency: 'USD',
      line_items: [
        expect.objectContaining({
          item: expect.objectContaining({ id: `domain:${name}:2y` }),
          status: 'processing',
        }),
        expect.objectContaining({
          item: expect.objectContaining({ id: 'web-hosting-3' }),
          status: 'processing',
        }),
      ],
    });
  });

  it('a declining payment profile: the 200 error envelope, payment_failed, no order', async () => {
    const declining = await t.buyer();
    t.domains.setPaymentProfile(declining.accountId, 'DECLINING');
    const created = (
      await t.ucp(declining, 'POST', '/v1/shopping/checkout-sessions', {
        line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }],
        buyer: { email: 'buyer@example.com' },
      })
    ).json() as Json;
    expect(created.status).toBe('ready_for_complete');
    const res = await t.ucp(declining, 'POST', `/v1/shopping/checkout-sessions/${created.id}/complete`, {
      payment: { instruments: [{ id: 'pp_1', handler_id: 'payment_profile', type: 'payment_profile' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ucp: { version: '2026-04-08', status: 'error' },
      messages: [
        expect.objectContaining({ type: 'error', code: 'payment_failed', severity: expect.any(String) }),
      ],
    });
    const after = (
      await t.ucp(declining, 'GET', `/v1/shopping/checkout-sessions/${created.id}`)
    ).json() as Json;
    expect(after.status).toBe('ready_for_complete');
    expect(after.order).toBeUndefined();
  });

  it('unknown checkout and order: 200 envelopes with the spec’s codes', async () => {
    const chk = await t.ucp(buyer, 'GET', '/v1/shopping/checkout-sessions/chk_missing');
    expect(chk.statusCode).toBe(200);
    expect(chk.json()).toMatchObject({
      ucp: { status: 'error' },
      messages: [{ code: 'checkout_not_found', severity: 'unrecoverable' }],
    });
    const ord = await t.ucp(buyer, 'GET', '/v1/shopping/orders/ord_missing');
    expect(ord.json()).toMatchObject({ ucp: { status: 'error' }, messages: [{ code: 'order_not_found' }] });
  });

  it('a create that makes nothing is 200 (not 201) with the envelope', async () => {
    const res = await t.ucp(buyer, 'POST', '/v1/shopping/checkout-sessions', {
      line_items: [{ item: { id: 'no-such-plan' }, quantity: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ucp: { status: 'error' },
      messages: [expect.objectContaining({ code: 'item_not_found' })],
    });
  });

  describeRecordedResponsesValid(() => t.responses, 8);
});
