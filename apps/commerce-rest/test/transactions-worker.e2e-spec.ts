import { randomUUID } from 'node:crypto';
import type { TestCredential } from '@platform/testing';
import { waitFor } from '@platform/testing';
import { CommerceTestApp, startCommerceTestApp } from './support/commerce-test-app';
import { CommerceWorkerHarness, paymentEvent, settled, startCommerceWorker } from './support/commerce-worker';

interface Transaction {
  transactionId: string;
  storeId: string;
  type: string;
  status: string;
  amount: { amountType: string; amount: number; currency: string };
  orderId: string;
  channelId?: string;
  processor: string;
  processorReference: string;
  parentTransactionId?: string;
  notes?: string;
  createdAt: string;
  updatedAt: string;
}

describe('commerce worker: transactions from order events (real Postgres, Redis and BullMQ)', () => {
  let commerce: CommerceTestApp;
  let worker: CommerceWorkerHarness;
  let cred: TestCredential;
  let storeId: string;

  beforeAll(async () => {
    commerce = await startCommerceTestApp('tx-worker');
    worker = await startCommerceWorker(commerce.env);
    cred = await commerce.newCredential(['commerce.transaction:read']);
    ({ storeId } = await commerce.newStore(cred.accountId, { processor: 'MOCK', currency: 'USD' }));
  });

  afterAll(async () => {
    await worker?.close();
    await commerce?.close();
  });

  const list = async (id = storeId): Promise<Transaction[]> => {
    const res = await commerce.inject({
      method: 'GET',
      url: `/v2/commerce/stores/${id}/transactions`,
      headers: cred.headers,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: Transaction[] }).items;
  };

  /** Polls the public list until the transaction recorded from `orderId` shows up. */
  const recordedFor = (orderId: string): Promise<Transaction> =>
    waitFor(async () => (await list()).find((t) => t.orderId === orderId), {
      what: `the transaction of ${orderId}`,
    });

  const rowsOfEvent = async (eventId: string): Promise<number> => {
    const rows: { n: string }[] = await commerce.dataSource.query(
      'SELECT count(*) AS n FROM commerce.transactions WHERE source_event_id = $1',
      [eventId],
    );
    return Number(rows[0].n);
  };

  it('records a payment published by the order subgraph, readable through the REST API', async () => {
    const channelId = randomUUID();
    const event = paymentEvent(storeId, {
      amount: { value: 4250, currencyCode: 'USD' },
      channelId,
      notes: 'paid at the counter',
      occurredAt: '2026-11-20T08:30:00.123Z',
    });

    await worker.publish(event);

    const listed = await recordedFor(event.orderId);
    expect(listed).toEqual({
      transactionId: expect.any(String),
      storeId,
      type: 'SALE',
      status: 'COMPLETED',
      amount: { amountType: 'SIMPLE', amount: 4250, currency: 'USD' },
      orderId: event.orderId,
      channelId,
      processor: 'MOCK',
      processorReference: `mock_${event.eventId.replace(/-/g, '')}`,
      notes: 'paid at the counter',
      createdAt: '2026-11-20T08:30:00.123Z',
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const one = await commerce.inject({
      method: 'GET',
      url: `/v2/commerce/stores/${storeId}/transactions/${listed.transactionId}`,
      headers: cred.headers,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(listed);
  });

  it('keeps the processor reference the event carries and the status it names', async () => {
    const event = paymentEvent(storeId, {
      type: 'AUTHORIZE',
      status: 'PENDING',
      processorReference: 'ch_3PZx',
    });

    await worker.publish(event);

    expect(await recordedFor(event.orderId)).toMatchObject({
      type: 'AUTHORIZE',
      status: 'PENDING',
      processorReference: 'ch_3PZx',
    });
  });

  it('records a duplicate job of the same event once: the second job completes and writes nothing', async () => {
    const event = paymentEvent(storeId);
    const first = await worker.publish(event);
    expect(await settled(first)).toBe('completed');

    // Another job id for the same event: a producer retry after BullMQ removed the first job.
    const again = await worker.publish(event, { jobId: `redelivery-${event.eventId}` });

    expect(await settled(again)).toBe('completed');
    const [firstResult, againResult] = await Promise.all([
      worker.queue.getJob(first.id ?? ''),
      worker.queue.getJob(again.id ?? ''),
    ]);
    expect(firstResult?.returnvalue).toEqual({ transactionId: expect.any(String), created: true });
    expect(againResult?.returnvalue).toEqual({
      transactionId: firstResult?.returnvalue.transactionId,
      created: false,
    });
    expect(await rowsOfEvent(event.eventId)).toBe(1);
    expect((await list()).filter((t) => t.orderId === event.orderId)).toHaveLength(1);
  });

  it('records one row when the same event is delivered concurrently', async () => {
    const event = paymentEvent(storeId);

    const jobs = await Promise.all(
      [1, 2, 3, 4].map((n) => worker.publish(event, { jobId: `burst-${n}-${event.eventId}` })),
    );

    expect(await Promise.all(jobs.map(settled))).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    expect(await rowsOfEvent(event.eventId)).toBe(1);
  });

  it('adds one job for an event published twice with the contract job id', async () => {
    const event = paymentEvent(storeId);

    const [a, b] = [await worker.publish(event), await worker.publish(event)];

    expect(b.id).toBe(a.id);
    expect(await settled(a)).toBe('completed');
    expect(await rowsOfEvent(event.eventId)).toBe(1);
  });

  it('fails an invalid payload permanently (no retry) and records nothing', async () => {
    const event = { ...paymentEvent(storeId), amount: { value: 19.99, currencyCode: 'usd' } };

    const job = await worker.publish(event);

    expect(await settled(job)).toBe('failed');
    const failed = await worker.queue.getJob(job.id ?? '');
    expect(failed?.attemptsMade).toBe(1);
    expect(failed?.failedReason).toContain('invalid order-payment-recorded payload');
    expect(failed?.failedReason).toContain('amount.value must be an integer');
    expect(await rowsOfEvent(event.eventId)).toBe(0);
  });

  it('fails an event of a store that does not exist permanently and records nothing', async () => {
    const event = paymentEvent(randomUUID());

    const job = await worker.publish(event);

    expect(await settled(job)).toBe('failed');
    const failed = await worker.queue.getJob(job.id ?? '');
    expect(failed?.attemptsMade).toBe(1);
    expect(failed?.failedReason).toContain('STORE_NOT_FOUND');
    expect(await rowsOfEvent(event.eventId)).toBe(0);
  });

  it('links a CAPTURE to its AUTHORIZE, retrying while the parent event is not recorded yet', async () => {
    const orderId = `Order_${randomUUID().replace(/-/g, '').slice(0, 27)}`;
    const authorize = paymentEvent(storeId, {
      orderId,
      type: 'AUTHORIZE',
      occurredAt: '2026-11-21T10:00:00.000Z',
    });
    const capture = paymentEvent(storeId, {
      orderId,
      type: 'CAPTURE',
      parentEventId: authorize.eventId,
      occurredAt: '2026-11-21T10:05:00.000Z',
    });

    const captureJob = await worker.publish(capture);
    await waitFor(async () => (await worker.queue.getJob(captureJob.id ?? ''))?.attemptsMade === 1, {
      what: 'the first, failed attempt of the CAPTURE',
    });
    await worker.publish(authorize);

    expect(await settled(captureJob)).toBe('completed');
    const recorded = (await list()).filter((t) => t.orderId === orderId);
    const parent = recorded.find((t) => t.type === 'AUTHORIZE');
    expect(recorded.find((t) => t.type === 'CAPTURE')?.parentTransactionId).toBe(parent?.transactionId);
  });

  it('serves only health on the worker port: ready, and no public route', async () => {
    const ready = await worker.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    const live = await worker.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.json()).toEqual({ status: 'ok' });
    const api = await worker.app.inject({
      method: 'GET',
      url: `/v2/commerce/stores/${storeId}/transactions`,
      headers: cred.headers,
    });
    expect(api.statusCode).toBe(404);
  });
});
