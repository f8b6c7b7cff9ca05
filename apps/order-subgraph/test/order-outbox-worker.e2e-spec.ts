import { WORKER_PORTS } from '@platform/config';
import { COMMERCE_TRANSACTIONS_QUEUE, orderPaymentRecordedJobId } from '@platform/contracts';
import { createQueue } from '@platform/queue';
import { WorkerHarness, waitFor } from '@platform/testing';
import type { Job, Queue } from 'bullmq';
import { loadOrderWorkerConfig } from '../src/config/order-worker.config';
import { OutboxSweepScheduler } from '../src/modules/outbox/outbox-sweep.scheduler';
import { OrdersOutboxQueue } from '../src/modules/outbox/outbox.jobs';
import { OutboxProcessor } from '../src/modules/outbox/outbox.processor';
import { OutboxPublisher } from '../src/modules/outbox/outbox-publisher.producer';
import { OutboxRelay } from '../src/modules/outbox/outbox-relay.runner';
import { addOrder, ok, usd } from './support/order-builders';
import { Ops } from './support/order-operations';
import { Caller, OrderTestApp, startOrderTestApp, startOrderWorker } from './support/order-test-app';

type PublishedRow = Parameters<OutboxPublisher['publish']>[0];

describe('order worker: the outbox relay runs in the worker process only', () => {
  let t: OrderTestApp;
  let caller: Caller;
  let transactions: Queue;
  let wakeUps: Queue;
  /** Stacks of every setInterval call while the API booted and served its first payment. */
  const intervalCallers: string[] = [];
  let intervals: jest.SpyInstance | undefined;
  const workers: WorkerHarness[] = [];

  beforeAll(async () => {
    const realSetInterval = global.setInterval;
    intervals = jest.spyOn(global, 'setInterval').mockImplementation(((
      ...args: Parameters<typeof setInterval>
    ) => {
      intervalCallers.push(new Error().stack ?? '');
      return realSetInterval(...args);
    }) as unknown as typeof setInterval);
    t = await startOrderTestApp('order-outbox-worker');
    caller = await t.newCaller();
    transactions = createQueue(t.env.config('order-outbox-worker-test'), COMMERCE_TRANSACTIONS_QUEUE);
    wakeUps = createQueue(t.env.config('order-outbox-worker-test'), OrdersOutboxQueue.name);
  });

  afterAll(async () => {
    intervals?.mockRestore();
    for (const worker of workers) await worker.close();
    await transactions?.close();
    await wakeUps?.close();
    await t?.close();
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    while (workers.length > 0) await workers.pop()?.close();
  });

  async function startWorker(): Promise<WorkerHarness> {
    const worker = await startOrderWorker(t);
    workers.push(worker);
    return worker;
  }

  async function stopWorker(worker: WorkerHarness): Promise<void> {
    workers.splice(workers.indexOf(worker), 1);
    await worker.close();
  }

  async function outboxIds(): Promise<string[]> {
    const rows: { id: string }[] = await t.dataSource.query(
      'SELECT id FROM orders.outbox_events ORDER BY seq',
    );
    return rows.map((r) => r.id);
  }

  function jobOf(eventId: string): Promise<Job | undefined> {
    return transactions.getJob(orderPaymentRecordedJobId(eventId));
  }

  function published(eventId: string): Promise<Job> {
    return waitFor(() => jobOf(eventId), { what: `the job of event ${eventId}` });
  }

  async function outboxEmptied(): Promise<void> {
    await waitFor(async () => (await outboxIds()).length === 0, { what: 'an empty outbox' });
  }

  /** Pays `amount` on a new order; returns the order and the payment's event id. */
  async function paidOrder(amount = 1000): Promise<{ orderId: string; eventId: string }> {
    const order = await addOrder(caller);
    const paid = await ok<{ payments: { id: string }[] }>(caller, Ops.recordPayment, {
      input: { context: { storeId: caller.storeId }, orderId: order.id, amount: usd(amount) },
    });
    return { orderId: order.id, eventId: paid.payments[0].id };
  }

  async function refund(orderId: string, amount: number): Promise<string> {
    const refunded = await ok<{ payments: { id: string; type: string }[] }>(caller, Ops.refund, {
      input: { context: { storeId: caller.storeId }, orderId, amount: usd(amount) },
    });
    const refunds = refunded.payments.filter((p) => p.type === 'REFUND');
    return refunds[refunds.length - 1].id;
  }

  it('the API process has no relay, no publisher and no timer: a payment only writes its row and wakes the worker', async () => {
    const { eventId } = await paidOrder();
    intervals?.mockRestore();
    intervals = undefined;

    for (const provider of [OutboxRelay, OutboxPublisher, OutboxProcessor, OutboxSweepScheduler]) {
      expect(() => t.app.get(provider, { strict: false })).toThrow();
    }
    expect(intervalCallers.filter((stack) => stack.includes('/apps/order-subgraph/src/'))).toEqual([]);

    expect(await outboxIds()).toEqual([eventId]);
    expect(await jobOf(eventId)).toBeUndefined();
    // The wake-up waits in orders-outbox for a worker; nothing in the API consumes it.
    expect(await wakeUps.getJobCounts('waiting', 'active')).toMatchObject({ waiting: 1, active: 0 });
  });

  it('a row committed while no worker ran is published when a worker starts, even with its wake-up lost', async () => {
    // No worker has run in this suite yet.
    const { eventId } = await paidOrder();
    expect(await jobOf(eventId)).toBeUndefined();
    await wakeUps.obliterate({ force: true }); // Redis lost the wake-ups (and any schedule)

    await startWorker();
    await published(eventId);
    await outboxEmptied();
  });

  it('publishes after a restart: rows written while the worker was down go out when the next one starts', async () => {
    const first = await startWorker();
    const before = await paidOrder();
    await published(before.eventId);

    await stopWorker(first);
    const during = await paidOrder();
    expect(await outboxIds()).toEqual([during.eventId]);
    expect(await jobOf(during.eventId)).toBeUndefined();

    await startWorker();
    await published(during.eventId);
    await outboxEmptied();
  });

  it('listens on the route table worker port 3102 by default, as order-subgraph-worker, health and metrics only', async () => {
    const config = loadOrderWorkerConfig({ ...t.env.env });
    expect(config.port).toBe(WORKER_PORTS['order-subgraph-worker']);
    expect(config.port).toBe(3102);
    expect(config.serviceName).toBe('order-subgraph-worker');

    const { app } = await startWorker();
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).body).toContain('# TYPE');
    const graphql = await app.inject({
      method: 'POST',
      url: '/v1/commerce/order-subgraph',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(graphql.statusCode).toBe(404);
  });

  it("holds an order's later rows back while an earlier one fails, and lets other orders through", async () => {
    const worker = await startWorker();
    const publisher = worker.app.get(OutboxPublisher);
    const real = publisher.publish.bind(publisher);
    const attempted: string[] = [];
    let failing = '';
    jest.spyOn(publisher, 'publish').mockImplementation(async (row: PublishedRow) => {
      attempted.push(row.jobId);
      if (row.payload.orderId === failing) throw new Error('redis down');
      await real(row);
    });

    const a = await addOrder(caller);
    failing = a.id;
    const sale = (
      await ok<{ payments: { id: string }[] }>(caller, Ops.recordPayment, {
        input: { context: { storeId: caller.storeId }, orderId: a.id, amount: usd(2000) },
      })
    ).payments[0].id;
    await waitFor(async () => attempted.includes(orderPaymentRecordedJobId(sale)), {
      what: "the SALE's failed publish",
    });

    const other = await paidOrder();
    await published(other.eventId);

    const refundId = await refund(a.id, 300);
    await worker.app.get(OutboxRelay).drain();
    expect(await outboxIds()).toEqual([sale, refundId]);
    expect(attempted).not.toContain(orderPaymentRecordedJobId(refundId));
    expect(await jobOf(refundId)).toBeUndefined();

    // Redis is back: past the SALE's backoff, the SALE goes out first, then its REFUND.
    failing = '';
    await worker.app.get(OutboxRelay).drain(new Date(Date.now() + 60 * 60_000));
    await outboxEmptied();
    expect(await jobOf(sale)).toBeDefined();
    expect(await jobOf(refundId)).toBeDefined();
    const lastSaleAttempt = attempted.lastIndexOf(orderPaymentRecordedJobId(sale));
    expect(attempted.indexOf(orderPaymentRecordedJobId(refundId))).toBeGreaterThan(lastSaleAttempt);
  });

  it('two workers and concurrent relays publish every row once, each order in commit order', async () => {
    const attempted: PublishedRow[] = [];
    const real = OutboxPublisher.prototype.publish;
    jest.spyOn(OutboxPublisher.prototype, 'publish').mockImplementation(async function (
      this: OutboxPublisher,
      row: PublishedRow,
    ) {
      attempted.push(row);
      await real.call(this, row);
    });

    // Written while no worker runs: three orders, each a SALE then two REFUNDs.
    const written = new Map<string, string[]>();
    for (let i = 0; i < 3; i++) {
      const { orderId, eventId } = await paidOrder(2000);
      written.set(orderId, [eventId, await refund(orderId, 100), await refund(orderId, 200)]);
    }
    const [one, two] = await Promise.all([startWorker(), startWorker()]);
    await Promise.all([one.app.get(OutboxRelay).drain(), two.app.get(OutboxRelay).drain()]);
    await outboxEmptied();

    const all = [...written.values()].flat();
    const ids = attempted.map((row) => row.jobId);
    expect([...ids].sort()).toEqual(all.map(orderPaymentRecordedJobId).sort());
    for (const [orderId, events] of written) {
      const inOrder = attempted.filter((row) => row.payload.orderId === orderId).map((row) => row.jobId);
      expect({ orderId, inOrder }).toEqual({ orderId, inOrder: events.map(orderPaymentRecordedJobId) });
    }
    for (const eventId of all) expect(await jobOf(eventId)).toBeDefined();
  });
});
