import { randomUUID } from 'node:crypto';
import type { TestCredential } from '@platform/testing';
import { describeServedOpenApiFuzz } from '@platform/testing';
import { SHOPPING_OPENAPI_FILE, finishShoppingDocument } from '../src/openapi/shopping-openapi';
import { startShoppingTestApp, type ShoppingTestApp } from './support/shopping-test-app';

/**
 * The Shopping API fuzzed from its committed document, booted as main.ts boots it (real PostgreSQL
 * and Redis; the domains and commerce owners faked, a fake agent on loopback allowed through
 * SHOPPING_OUTBOUND_ALLOW). Every answer below 500, declared, and in the UCP envelope when an error.
 */
describe(`shopping API fuzzed from ${SHOPPING_OPENAPI_FILE} (real Postgres and Redis)`, () => {
  let t: ShoppingTestApp;
  let buyer: TestCredential;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await startShoppingTestApp('shopping-fuzz', {}, { openApi: finishShoppingDocument });
    buyer = await t.buyer();
    t.domains.setPaymentProfile(buyer.accountId, 'ACTIVE');
    // A live checkout, a completed one with its order, and a cart of the buyer, so the fuzzer's
    // valid-ish cases reach past checkout_not_found into the status machine.
    const lines = [{ item: { id: 'web-hosting-1' }, quantity: 1 }];
    const live = await t.ucp(buyer, 'POST', '/v1/shopping/checkout-sessions', {
      line_items: lines,
      buyer: { email: 'buyer@example.com' },
    });
    expect(live.statusCode).toBe(201);
    const done = await t.ucp(buyer, 'POST', '/v1/shopping/checkout-sessions', {
      line_items: lines,
      buyer: { email: 'buyer@example.com' },
    });
    const completed = await t.ucp(
      buyer,
      'POST',
      `/v1/shopping/checkout-sessions/${done.json().id}/complete`,
      {
        payment: { instruments: [{ id: 'pp_1', handler_id: 'payment_profile', type: 'payment_profile' }] },
      },
    );
    expect(completed.json()).toMatchObject({ status: 'completed', order: { id: expect.any(String) } });
    const cart = await t.ucp(buyer, 'POST', '/v1/shopping/carts', { line_items: lines });
    expect(cart.statusCode).toBe(201);
    ids.push(live.json().id, done.json().id, completed.json().order.id, cart.json().id);
  });

  afterAll(() => t?.close());

  describeServedOpenApiFuzz(SHOPPING_OPENAPI_FILE, 'shopping', () => ({
    inject: (opts) => t.inject(opts),
    token: buyer.token,
    // Half the valid-ish cases name a random profile, so a few more cases reach the operations.
    numRuns: 30,
    knownValues: {
      // The fake agent (allow-listed): part of the cases name it and are negotiated.
      'UCP-Agent': [t.agent.header],
      id: ids,
      storeId: [randomUUID()],
    },
  }));
});
