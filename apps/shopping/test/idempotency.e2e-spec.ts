import { randomUUID } from 'node:crypto';
import { deriveInternalCredential } from '@platform/crypto';
import { isDependencyUnavailable } from '@platform/errors';
import { IdempotencyRecordRepository } from '@platform/idempotency';
import { TEST_ENCRYPTION_KEY, describeWithVendorData, waitFor, type TestCredential } from '@platform/testing';
import type { Response } from 'light-my-request';
import { CheckoutService } from '../src/modules/checkout/checkout.service';
import { fakeStoreOverrides, startFakeStore, type FakeStore } from './support/fake-store';
import { startShoppingTestApp, type ShoppingTestApp } from './support/shopping-test-app';
import { startTcpCut, type TcpCut } from './support/tcp-cut';
import { describeRecordedResponsesValid, recordResponse, type UcpJson } from './support/ucp-responses';

type Json = UcpJson;

const INTERNAL = deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'));

const SANDBOX_CARD = {
  payment: {
    instruments: [
      {
        id: 'instr_1',
        handler_id: 'sandbox_card',
        type: 'card',
        credential: { type: 'token', token: 'success_token' },
      },
    ],
  },
};

const PAYMENT_PROFILE = {
  payment: { instruments: [{ id: 'pp_1', handler_id: 'payment_profile', type: 'payment_profile' }] },
};

/**
 * Idempotency of every UCP write (checkout-rest.md "Specific Header Requirements"): the key is
 * required, a replay answers the first answer, another body under the key is 409, concurrent
 * requests have one effect, concurrent completions charge once, an unreachable idempotency store
 * fails closed with 503; and a checkout's lifetime (the worker's expiry sweep). The app reaches
 * its PostgreSQL through a TCP relay (support/tcp-cut.ts) so the suite can cut it without touching
 * the shared server; the store's owners are the fake store.
 */
describe('shopping: idempotency and the checkout lifetime (REST)', () => {
  let t: ShoppingTestApp;
  let store: FakeStore;
  let relay: TcpCut;
  let buyer: TestCredential;

  /** A UCP call with exactly these headers beside the credential and UCP-Agent. */
  async function raw(
    cred: TestCredential,
    method: 'POST' | 'PUT' | 'GET',
    url: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Response> {
    const res = await t.inject({
      method,
      url,
      headers: {
        ...cred.headers,
        'ucp-agent': t.agent.header,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    recordResponse(t.responses, method, url, res);
    return res;
  }

  const count = async (sql: string, params: unknown[]): Promise<number> =>
    Number(((await t.dataSource.query(sql, params)) as { n: string }[])[0].n);
  const checkoutRows = (accountId: string) =>
    count('SELECT count(*) AS n FROM shopping.checkout_sessions WHERE account_id = $1', [accountId]);
  const orderRows = (checkoutId: string) =>
    count('SELECT count(*) AS n FROM shopping.orders WHERE checkout_id = $1', [checkoutId]);

  const platformCheckout = async (cred: TestCredential): Promise<Json> => {
    const res = await t.ucp(cred, 'POST', '/v1/shopping/checkout-sessions', {
      line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }],
      buyer: { email: 'buyer@example.com' },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as Json;
  };

  beforeAll(async () => {
    store = await startFakeStore(INTERNAL);
    t = await startShoppingTestApp(
      'shopping-idempotency',
      { ...fakeStoreOverrides(store), SHOPPING_CHECKOUT_TTL_S: '60' },
      {
        beforeBoot: async (env) => {
          relay = await startTcpCut(env.DATABASE_URL);
          return { DATABASE_URL: relay.url };
        },
      },
    );
    buyer = await t.buyer();
    t.domains.setPaymentProfile(buyer.accountId, 'ACTIVE');
  });

  afterAll(async () => {
    relay?.restore();
    await t?.close();
    await Promise.all([store?.close(), relay?.close()]);
  });

  describe('the Idempotency-Key header', () => {
    it('every write requires one, a uuid: 400 invalid_request on the header otherwise; reads need none', async () => {
      const checkout = await platformCheckout(buyer);
      const cart = (
        await t.ucp(buyer, 'POST', '/v1/shopping/carts', {
          line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }],
        })
      ).json() as Json;
      const lines = { line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }] };
      const writes: ['POST' | 'PUT', string, unknown][] = [
        ['POST', '/v1/shopping/checkout-sessions', lines],
        ['PUT', `/v1/shopping/checkout-sessions/${checkout.id}`, lines],
        ['POST', `/v1/shopping/checkout-sessions/${checkout.id}/complete`, PAYMENT_PROFILE],
        ['POST', `/v1/shopping/checkout-sessions/${checkout.id}/cancel`, {}],
        ['POST', '/v1/shopping/carts', lines],
        ['PUT', `/v1/shopping/carts/${cart.id}`, lines],
        ['POST', `/v1/shopping/carts/${cart.id}/cancel`, {}],
      ];
      for (const [method, url, body] of writes) {
        for (const headers of [{}, { 'idempotency-key': 'not-a-uuid-but-long-enough' }] as Record<
          string,
          string
        >[]) {
          const res = await raw(buyer, method, url, body, headers);
          expect({ method, url, headers, status: res.statusCode, body: res.json() }).toEqual({
            method,
            url,
            headers,
            status: 400,
            body: {
              ucp: { version: '2026-04-08', status: 'error' },
              messages: [
                expect.objectContaining({
                  code: 'invalid_request',
                  content: expect.stringMatching(/^Idempotency-Key \(header\): /),
                }),
              ],
            },
          });
        }
      }
      const after = (
        await t.ucp(buyer, 'GET', `/v1/shopping/checkout-sessions/${checkout.id}`)
      ).json() as Json;
      expect(after.status).toBe(checkout.status);
    });

    it('a replay answers the first answer: the same status and bytes, Idempotent-Replayed, nothing done twice', async () => {
      const cred = await t.buyer();
      const key = randomUUID();
      const body = { line_items: [{ item: { id: 'web-hosting-1' }, quantity: 2 }] };
      const first = await raw(cred, 'POST', '/v1/shopping/checkout-sessions', body, {
        'idempotency-key': key,
      });
      const second = await raw(cred, 'POST', '/v1/shopping/checkout-sessions', body, {
        'idempotency-key': key,
      });
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toBe(first.body);
      expect(await checkoutRows(cred.accountId)).toBe(1);
    });

    it('a replayed envelope is the envelope again (a create that made nothing is not retried into one)', async () => {
      const key = randomUUID();
      const body = { line_items: [{ item: { id: 'no-such-plan' }, quantity: 1 }] };
      const first = await raw(buyer, 'POST', '/v1/shopping/checkout-sessions', body, {
        'idempotency-key': key,
      });
      const second = await raw(buyer, 'POST', '/v1/shopping/checkout-sessions', body, {
        'idempotency-key': key,
      });
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect((first.json() as Json).ucp.status).toBe('error');
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.body).toBe(first.body);
    });

    it('the same key with another body: 409 with the envelope', async () => {
      const key = randomUUID();
      const url = '/v1/shopping/checkout-sessions';
      const one = { line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }] };
      const other = { line_items: [{ item: { id: 'web-hosting-1' }, quantity: 3 }] };
      expect((await raw(buyer, 'POST', url, one, { 'idempotency-key': key })).statusCode).toBe(201);
      const res = await raw(buyer, 'POST', url, other, { 'idempotency-key': key });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        ucp: { version: '2026-04-08', status: 'error' },
        messages: [
          expect.objectContaining({
            type: 'error',
            code: 'idempotency_key_mismatch',
            content: expect.stringContaining('Idempotency-Key'),
          }),
        ],
      });
    });

    it('a key reused on another checkout’s completion: 409, the second checkout untouched', async () => {
      const [a, b] = [await platformCheckout(buyer), await platformCheckout(buyer)];
      const key = randomUUID();
      const url = (id: string) => `/v1/shopping/checkout-sessions/${id}/complete`;
      expect(
        (await raw(buyer, 'POST', url(a.id), PAYMENT_PROFILE, { 'idempotency-key': key })).statusCode,
      ).toBe(200);
      const reused = await raw(buyer, 'POST', url(b.id), PAYMENT_PROFILE, { 'idempotency-key': key });
      expect(reused.statusCode).toBe(409);
      expect((reused.json() as Json).messages[0].code).toBe('idempotency_key_mismatch');
      expect(await orderRows(b.id)).toBe(0);
    });

    it('concurrent requests with one key: one checkout; the others replay it or are told the key is in use', async () => {
      const cred = await t.buyer();
      const key = randomUUID();
      const body = { line_items: [{ item: { id: 'web-hosting-3' }, quantity: 1 }] };
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          raw(cred, 'POST', '/v1/shopping/checkout-sessions', body, { 'idempotency-key': key }),
        ),
      );
      const made = answers.filter((r) => r.statusCode === 201);
      expect(made.length).toBeGreaterThanOrEqual(1);
      expect(new Set(made.map((r) => (r.json() as Json).id)).size).toBe(1);
      for (const r of answers.filter((a) => a.statusCode !== 201)) {
        expect(r.statusCode).toBe(409);
        expect((r.json() as Json).messages[0].code).toBe('idempotency_key_in_use');
      }
      expect(await checkoutRows(cred.accountId)).toBe(1);
      const later = await raw(cred, 'POST', '/v1/shopping/checkout-sessions', body, {
        'idempotency-key': key,
      });
      expect((later.json() as Json).id).toBe((made[0].json() as Json).id);
    });

    it('twenty concurrent completions of a platform checkout (twenty keys): one order row', async () => {
      const checkout = await platformCheckout(buyer);
      expect(checkout.status).toBe('ready_for_complete');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.ucp(buyer, 'POST', `/v1/shopping/checkout-sessions/${checkout.id}/complete`, PAYMENT_PROFILE),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
      const statuses = new Set(answers.map((r) => (r.json() as Json).status));
      expect([...statuses].every((s) => s === 'completed' || s === 'complete_in_progress')).toBe(true);
      expect(statuses.has('completed')).toBe(true);
      expect(await orderRows(checkout.id)).toBe(1);
    });
  });

  describeWithVendorData('ucp', 'a store’s completions', (ucp) => {
    let storeBuyer: TestCredential;
    const base = () => `/v1/shopping/stores/${store.storeId}`;

    beforeAll(async () => {
      store.seedFlowerShop(ucp);
      storeBuyer = await t.buyer();
      t.commerce.grant(storeBuyer.headers.authorization, store.storeId);
    });

    afterEach(() => {
      store.beforeAnswer = undefined;
      relay.restore();
    });

    const readyStoreCheckout = async (): Promise<Json> => {
      const res = await t.ucp(storeBuyer, 'POST', `${base()}/checkout-sessions`, {
        line_items: [{ item: { id: store.item('bouquet_tulips').skuId }, quantity: 1 }],
        buyer: { email: 'jane.doe@example.com' },
        context: { address_country: 'US' },
      });
      expect(res.statusCode).toBe(201);
      const body = res.json() as Json;
      expect(body.status).toBe('ready_for_complete');
      return body;
    };
    const placedFor = (checkoutId: string) => store.orders.filter((o) => o.reference === checkoutId);
    const paidOrderCalls = (checkoutId: string) =>
      store.callsOf('paid-order').filter((c) => (c.body as Json).reference === checkoutId);
    const databaseBack = () =>
      waitFor(() => t.dataSource.query('SELECT 1').then(() => true), {
        what: 'the database through the relay',
      });

    it('twenty concurrent completions (twenty keys): one paid-orders call, one order, one reservation', async () => {
      const checkout = await readyStoreCheckout();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.ucp(storeBuyer, 'POST', `${base()}/checkout-sessions/${checkout.id}/complete`, SANDBOX_CARD),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
      expect(answers.some((r) => (r.json() as Json).status === 'completed')).toBe(true);
      expect(paidOrderCalls(checkout.id)).toHaveLength(1);
      expect(placedFor(checkout.id)).toHaveLength(1);
      expect(store.callsOf('reserve').filter((c) => (c.body as Json).reference === checkout.id)).toHaveLength(
        1,
      );
      expect(await orderRows(checkout.id)).toBe(1);
    });

    it('the idempotency store unreachable: 503 with Retry-After, nothing charged; the retry with the key completes once', async () => {
      const checkout = await readyStoreCheckout();
      const url = `${base()}/checkout-sessions/${checkout.id}/complete`;
      const key = randomUUID();
      relay.cut();
      const refused = await raw(storeBuyer, 'POST', url, SANDBOX_CARD, { 'idempotency-key': key });
      relay.restore();
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused.json()).toMatchObject({
        ucp: { status: 'error' },
        messages: [expect.objectContaining({ code: 'service_unavailable', severity: 'recoverable' })],
      });
      expect(paidOrderCalls(checkout.id)).toEqual([]);
      await databaseBack();
      const done = await raw(storeBuyer, 'POST', url, SANDBOX_CARD, { 'idempotency-key': key });
      expect(done.json()).toMatchObject({ status: 'completed' });
      const again = await raw(storeBuyer, 'POST', url, SANDBOX_CARD, { 'idempotency-key': randomUUID() });
      expect(again.json()).toMatchObject({
        status: 'completed',
        order: { id: (done.json() as Json).order.id },
      });
      expect(placedFor(checkout.id)).toHaveLength(1);
      expect(await orderRows(checkout.id)).toBe(1);
    });

    it('the idempotency repository itself fails with an unavailable-dependency error while the database is cut', async () => {
      const records = t.app.get(IdempotencyRecordRepository);
      relay.cut();
      const failure = await records
        .claim(
          { credentialId: storeBuyer.tokenId, route: 'POST /probe', key: randomUUID() },
          'f'.repeat(64),
          { leaseSeconds: 60, retentionSeconds: 60 },
        )
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      relay.restore();
      expect(failure).toBeDefined();
      expect(isDependencyUnavailable(failure)).toBe(true);
      await databaseBack();
    });

    it('the database lost after the store placed the order: 503, and the retries place no second order', async () => {
      const checkout = await readyStoreCheckout();
      const url = `${base()}/checkout-sessions/${checkout.id}/complete`;
      store.beforeAnswer = (call) => {
        if (call.operation === 'paid-order') relay.cut();
      };
      const lost = await raw(storeBuyer, 'POST', url, SANDBOX_CARD, { 'idempotency-key': randomUUID() });
      store.beforeAnswer = undefined;
      relay.restore();
      expect(lost.statusCode).toBe(503);
      expect(lost.headers['retry-after']).toMatch(/^\d+$/);
      await databaseBack();
      // Within the completion lease the session is still being completed: no second attempt.
      const during = await raw(storeBuyer, 'POST', url, SANDBOX_CARD, { 'idempotency-key': randomUUID() });
      expect(during.json()).toMatchObject({ status: 'complete_in_progress' });
      expect(paidOrderCalls(checkout.id)).toHaveLength(1);
      // The lease runs out (time moved in the row): the next completion takes over, and the store's
      // reference answers the order it already placed.
      await t.dataSource.query(
        `UPDATE shopping.checkout_sessions SET updated_at = now() - interval '2 minutes' WHERE id = $1`,
        [checkout.id],
      );
      const done = await raw(storeBuyer, 'POST', url, SANDBOX_CARD, { 'idempotency-key': randomUUID() });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ status: 'completed' });
      expect(placedFor(checkout.id)).toHaveLength(1);
      expect(await orderRows(checkout.id)).toBe(1);
    });

    it('an expired session is canceled by the sweep; completing it then answers the envelope', async () => {
      const checkout = await readyStoreCheckout();
      expect(Date.parse(checkout.expires_at) - Date.now()).toBeLessThanOrEqual(60_000);
      await t.dataSource.query(
        `UPDATE shopping.checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [checkout.id],
      );
      expect(await t.app.get(CheckoutService).cancelExpired(new Date())).toBeGreaterThanOrEqual(1);
      const swept = (
        await t.ucp(storeBuyer, 'GET', `${base()}/checkout-sessions/${checkout.id}`)
      ).json() as Json;
      expect(swept.status).toBe('canceled');
      expect(swept.continue_url).toBeUndefined();
      const res = await t.ucp(
        storeBuyer,
        'POST',
        `${base()}/checkout-sessions/${checkout.id}/complete`,
        SANDBOX_CARD,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        ucp: { status: 'error' },
        messages: [expect.objectContaining({ type: 'error', severity: 'unrecoverable' })],
      });
      expect(store.callsOf('reserve').filter((c) => (c.body as Json).reference === checkout.id)).toEqual([]);
    });

    it('an expired session the sweep has not reached yet: completing it answers checkout_expired and cancels it', async () => {
      const checkout = await readyStoreCheckout();
      await t.dataSource.query(
        `UPDATE shopping.checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [checkout.id],
      );
      const res = await t.ucp(
        storeBuyer,
        'POST',
        `${base()}/checkout-sessions/${checkout.id}/complete`,
        SANDBOX_CARD,
      );
      expect(res.json()).toMatchObject({
        ucp: { status: 'error' },
        messages: [expect.objectContaining({ code: 'checkout_expired', severity: 'unrecoverable' })],
      });
      const after = (
        await t.ucp(storeBuyer, 'GET', `${base()}/checkout-sessions/${checkout.id}`)
      ).json() as Json;
      expect(after.status).toBe('canceled');
      expect(paidOrderCalls(checkout.id)).toEqual([]);
    });
  });

  describeRecordedResponsesValid(() => t.responses, 20);
});
