import type { TestCredential } from '@platform/testing';
import { startShoppingTestApp, type ShoppingTestApp } from './support/shopping-test-app';
import type { UcpJson } from './support/ucp-responses';

/** continue_url and the checkout's legal links lead to real pages (the buyer's handoff). */
describe('shopping: the buyer’s handoff page and the legal links', () => {
  let t: ShoppingTestApp;
  let buyer: TestCredential;

  beforeAll(async () => {
    t = await startShoppingTestApp('shopping-handoff');
    buyer = await t.buyer();
  });

  afterAll(() => t?.close());

  const pathOf = (url: string) => new URL(url).pathname;

  it('a checkout that requires escalation links to a page saying what the buyer must do, without their details', async () => {
    const created = (
      await t.ucp(buyer, 'POST', '/v1/shopping/checkout-sessions', {
        line_items: [{ item: { id: 'web-hosting-1' }, quantity: 2 }],
        buyer: { email: 'private-buyer@example.com' },
      })
    ).json() as UcpJson;
    expect(created.status).toBe('requires_escalation');
    const page = await t.inject({ method: 'GET', url: pathOf(created.continue_url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('requires_escalation');
    expect(page.body).toContain('payment-profile add');
    expect(page.body).toContain(created.line_items[0].item.title);
    expect(page.body).not.toContain('private-buyer@example.com');
    expect(page.body).not.toContain(buyer.accountId);
  });

  it('an unknown session, or one of another business, is 404', async () => {
    expect(
      (await t.inject({ method: 'GET', url: '/v1/shopping/checkout-sessions/chk_nothing/continue' }))
        .statusCode,
    ).toBe(404);
    const created = (
      await t.ucp(buyer, 'POST', '/v1/shopping/checkout-sessions', {
        line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }],
      })
    ).json() as UcpJson;
    const otherStore = `/v1/shopping/stores/8f0c7d7e-1b1a-4a57-9a57-3f4a3c2b1a10/checkout-sessions/${created.id}/continue`;
    expect((await t.inject({ method: 'GET', url: otherStore })).statusCode).toBe(404);
  });

  it('the terms and privacy links of a checkout are pages', async () => {
    const created = (
      await t.ucp(buyer, 'POST', '/v1/shopping/checkout-sessions', {
        line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }],
      })
    ).json() as UcpJson;
    expect(created.links.map((l: UcpJson) => l.type)).toEqual(['terms_of_service', 'privacy_policy']);
    for (const link of created.links) {
      const res = await t.inject({ method: 'GET', url: pathOf(link.url) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(link.title);
    }
  });
});
