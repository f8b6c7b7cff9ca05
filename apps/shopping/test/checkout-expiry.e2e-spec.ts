import { getQueueToken } from '@nestjs/bullmq';
import { waitFor, type TestCredential, type WorkerHarness } from '@platform/testing';
import type { Queue } from 'bullmq';
import { CheckoutQueue, EXPIRE_JOB } from '../src/modules/checkout/checkout.jobs';
import { startShoppingTestApp, type ShoppingTestApp } from './support/shopping-test-app';
import { startShoppingWorker } from './support/shopping-worker';
import type { UcpJson } from './support/ucp-responses';

/**
 * The worker cancels expired checkout sessions (UCP: expires_at, default 6 h): its job scheduler
 * `shopping-checkout-expiry` runs `checkout.expire` every minute; here the same job is added at
 * once so the suite does not wait a minute.
 */
describe('shopping: the worker cancels expired checkouts', () => {
  let t: ShoppingTestApp;
  let worker: WorkerHarness;
  let buyer: TestCredential;

  beforeAll(async () => {
    t = await startShoppingTestApp('shopping-expiry');
    worker = await startShoppingWorker(t);
    buyer = await t.buyer();
    t.domains.setPaymentProfile(buyer.accountId, 'ACTIVE');
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  const create = async (): Promise<UcpJson> =>
    (
      await t.ucp(buyer, 'POST', '/v1/shopping/checkout-sessions', {
        line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }],
        buyer: { email: 'buyer@example.com' },
      })
    ).json() as UcpJson;

  it('declares the expiry schedule when the worker boots', async () => {
    const queue = worker.app.get<Queue>(getQueueToken(CheckoutQueue.name));
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual([
      expect.objectContaining({ key: 'shopping-checkout-expiry', name: EXPIRE_JOB, every: 60_000 }),
    ]);
  });

  it('the expiry job cancels the sessions past expires_at and leaves the others', async () => {
    const expired = await create();
    const live = await create();
    expect([expired.status, live.status]).toEqual(['ready_for_complete', 'ready_for_complete']);
    await t.dataSource.query(
      `UPDATE shopping.checkout_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [expired.id],
    );
    const queue = worker.app.get<Queue>(getQueueToken(CheckoutQueue.name));
    const job = await queue.add(EXPIRE_JOB, {});
    await waitFor(async () => ((await job.isCompleted()) ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 50,
      what: 'the expiry job to run',
    });
    const [after, still] = await Promise.all(
      [expired.id, live.id].map(
        async (id) => (await t.ucp(buyer, 'GET', `/v1/shopping/checkout-sessions/${id}`)).json() as UcpJson,
      ),
    );
    expect(after).toMatchObject({ status: 'canceled' });
    expect(after.continue_url).toBeUndefined();
    expect(still).toMatchObject({ status: 'ready_for_complete' });
    const res = await t.ucp(buyer, 'POST', `/v1/shopping/checkout-sessions/${expired.id}/complete`, {
      payment: { instruments: [{ id: 'pp', handler_id: 'payment_profile', type: 'payment_profile' }] },
    });
    expect(res.json()).toMatchObject({
      ucp: { status: 'error' },
      messages: [expect.objectContaining({ code: 'checkout_not_modifiable', severity: 'unrecoverable' })],
    });
  });
});
