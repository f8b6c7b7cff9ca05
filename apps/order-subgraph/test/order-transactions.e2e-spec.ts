import {
  COMMERCE_TRANSACTIONS_QUEUE,
  ORDER_PAYMENT_RECORDED,
  OrderPaymentRecorded,
  orderPaymentRecordedJobId,
  parseOrderPaymentRecorded,
} from '@platform/contracts';
import { createQueue } from '@platform/queue';
import { WorkerHarness, waitFor } from '@platform/testing';
import type { Job, Queue } from 'bullmq';
import { OutboxPublisher } from '../src/modules/outbox/outbox-publisher.producer';
import { OutboxRelay } from '../src/modules/outbox/outbox-relay.runner';
import { Caller, OrderTestApp, startOrderTestApp, startOrderWorker } from './support/order-test-app';
import { addOrder, ok, usd } from './support/order-builders';
import { Ops } from './support/order-operations';

interface Payment {
  id: string;
  type: string;
  amount: { value: number };
  parentId: string | null;
}

describe('order subgraph: order-payment-recorded jobs for commerce transactions', () => {
  let t: OrderTestApp;
  let worker: WorkerHarness;
  let caller: Caller;
  let queue: Queue;
  const channelId = '0c8f8a58-3a4e-4c55-9f0e-8f1f8f3f4a11';

  beforeAll(async () => {
    t = await startOrderTestApp('order-transactions');
    worker = await startOrderWorker(t);
    caller = await t.newCaller();
    queue = createQueue(t.env.config('order-transactions-test'), COMMERCE_TRANSACTIONS_QUEUE);
  });
  afterAll(async () => {
    await queue?.close();
    await worker?.close();
    await t?.close();
  });

  /** The job of an event, once the worker's relay has published it (polled with a deadline). */
  function publishedJob(eventId: string): Promise<Job> {
    return waitFor(() => queue.getJob(orderPaymentRecordedJobId(eventId)), {
      what: `the job of event ${eventId}`,
    });
  }

  /** The job of an event, checked against the contract exactly as the consumer checks it. */
  async function jobOf(eventId: string): Promise<OrderPaymentRecorded> {
    const job = await publishedJob(eventId);
    expect(job.name).toBe(ORDER_PAYMENT_RECORDED);
    const parsed = parseOrderPaymentRecorded(job.data);
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    return parsed.value;
  }

  async function paymentsOf(orderId: string): Promise<Payment[]> {
    return (await ok<{ payments: Payment[] }>(caller, Ops.orderById, { id: orderId })).payments;
  }

  async function outboxSize(): Promise<number> {
    return (await t.dataSource.query('SELECT count(*)::int AS n FROM orders.outbox_events'))[0].n;
  }

  /** Waits until the relay has deleted every row (it does so in the transaction after the add). */
  async function outboxEmptied(): Promise<void> {
    await waitFor(async () => (await outboxSize()) === 0, { what: 'an empty outbox' });
  }

  it('recordPayment publishes a SALE job with ids and the amount only, once the change is committed', async () => {
    const order = await addOrder(caller, { context: { storeId: caller.storeId, channelId } });
    await ok(caller, Ops.recordPayment, {
      input: {
        context: { storeId: caller.storeId },
        orderId: order.id,
        amount: usd(1000),
        processorReference: 'ch_1',
        notes: 'deposit',
      },
    });
    const [payment] = await paymentsOf(order.id);
    const job = await jobOf(payment.id);
    expect(job).toEqual({
      eventId: payment.id,
      storeId: caller.storeId,
      orderId: order.id,
      type: 'SALE',
      status: 'COMPLETED',
      amount: { value: 1000, currencyCode: 'USD' },
      channelId,
      processorReference: 'ch_1',
      notes: 'deposit',
      occurredAt: expect.stringMatching(/Z$/),
    });
    await outboxEmptied();
  });

  it('completeOrder publishes a SALE for the unpaid balance', async () => {
    const order = await addOrder(caller, { shippingAmount: usd(499) });
    await ok(caller, Ops.complete, { id: order.id });
    const [payment] = await paymentsOf(order.id);
    expect(await jobOf(payment.id)).toMatchObject({
      type: 'SALE',
      orderId: order.id,
      amount: { value: 2999, currencyCode: 'USD' },
    });
  });

  it('completing a fully paid order publishes nothing more', async () => {
    const order = await addOrder(caller);
    await ok(caller, Ops.recordPayment, {
      input: { context: { storeId: caller.storeId }, orderId: order.id, amount: usd(2500) },
    });
    const [payment] = await paymentsOf(order.id);
    await publishedJob(payment.id);
    await outboxEmptied();
    const before = await queue.count();
    await ok(caller, Ops.complete, { id: order.id });
    expect(await paymentsOf(order.id)).toHaveLength(1);
    // The completion committed no outbox row, so there is nothing for the relay to publish.
    expect(await outboxSize()).toBe(0);
    expect(await queue.count()).toBe(before);
  });

  it('refunds and forced cancellations publish REFUND jobs naming the SALE they settle', async () => {
    const order = await addOrder(caller);
    await ok(caller, Ops.recordPayment, {
      input: { context: { storeId: caller.storeId }, orderId: order.id, amount: usd(2000) },
    });
    await ok(caller, Ops.refund, {
      input: { context: { storeId: caller.storeId }, orderId: order.id, amount: usd(300) },
    });
    await ok(caller, Ops.cancel, { id: order.id, force: true });
    const [sale, refund, cancelRefund] = await paymentsOf(order.id);
    expect(await jobOf(refund.id)).toMatchObject({
      type: 'REFUND',
      parentEventId: sale.id,
      amount: { value: 300, currencyCode: 'USD' },
    });
    expect(await jobOf(cancelRefund.id)).toMatchObject({
      type: 'REFUND',
      parentEventId: sale.id,
      amount: { value: 1700, currencyCode: 'USD' },
    });
  });

  it('keeps the job in the outbox when the queue is unreachable, and the worker publishes it later', async () => {
    const publisher = worker.app.get(OutboxPublisher);
    await outboxEmptied();
    const spy = jest.spyOn(publisher, 'publish').mockRejectedValueOnce(new Error('redis down'));
    try {
      const order = await addOrder(caller);
      await ok(caller, Ops.complete, { id: order.id });
      const [payment] = await paymentsOf(order.id);
      const row = await waitFor(
        async () => {
          const [r] = await t.dataSource.query(
            'SELECT attempts, last_error FROM orders.outbox_events WHERE id = $1',
            [payment.id],
          );
          return r?.attempts === 1 && r;
        },
        { what: 'the failed publish to be recorded' },
      );
      expect(row).toEqual({ attempts: 1, last_error: 'redis down' });
      expect(await queue.getJob(orderPaymentRecordedJobId(payment.id))).toBeUndefined();

      // Past the row's backoff (the sweep would get there within seconds; this does not wait).
      await worker.app.get(OutboxRelay).drain(new Date(Date.now() + 60 * 60_000));
      expect((await jobOf(payment.id)).orderId).toBe(order.id);
      expect(await outboxSize()).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('publishing an event twice adds one job (deterministic job id)', async () => {
    const order = await addOrder(caller);
    await ok(caller, Ops.complete, { id: order.id });
    const [payment] = await paymentsOf(order.id);
    const job = await publishedJob(payment.id);
    const before = await queue.count();
    await worker.app.get(OutboxPublisher).publish({
      queue: COMMERCE_TRANSACTIONS_QUEUE,
      jobName: ORDER_PAYMENT_RECORDED,
      jobId: orderPaymentRecordedJobId(payment.id),
      payload: job.data as Record<string, unknown>,
    });
    expect(await queue.count()).toBe(before);
  });
});
