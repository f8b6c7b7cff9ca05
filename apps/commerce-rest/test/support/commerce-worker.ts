import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  COMMERCE_TRANSACTIONS_QUEUE,
  ORDER_PAYMENT_RECORDED,
  orderPaymentRecordedJobId,
} from '@platform/contracts';
import type { OrderPaymentRecorded } from '@platform/contracts';
import { createQueue } from '@platform/queue';
import { createServiceApp } from '@platform/service-kit';
import { waitFor } from '@platform/testing';
import type { TestEnv } from '@platform/testing';
import type { Job, Queue } from 'bullmq';
import { CommerceWorkerModule } from '../../src/worker.module';

/**
 * The commerce worker booted on a suite's database and Redis prefix, plus a producer that adds
 * jobs exactly as the order subgraph does: the contract's queue and job name, the suite's prefix.
 */
export interface CommerceWorkerHarness {
  readonly app: NestFastifyApplication;
  readonly queue: Queue;
  /** Adds an `order-payment-recorded` job; `jobId` defaults to the contract's id for the event. */
  publish(payload: unknown, opts?: { jobId?: string }): Promise<Job>;
  close(): Promise<void>;
}

export async function startCommerceWorker(env: TestEnv): Promise<CommerceWorkerHarness> {
  const config = env.config('commerce-rest-worker');
  const app = await createServiceApp(CommerceWorkerModule.forRoot(config), { title: 'Commerce worker' });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const queue = createQueue(config, COMMERCE_TRANSACTIONS_QUEUE);
  return {
    app,
    queue,
    publish(payload, opts = {}) {
      const eventId = (payload as { eventId?: unknown }).eventId;
      const jobId =
        opts.jobId ?? (typeof eventId === 'string' ? orderPaymentRecordedJobId(eventId) : undefined);
      return queue.add(ORDER_PAYMENT_RECORDED, payload, jobId ? { jobId } : {});
    },
    async close() {
      await queue.close();
      await app.close();
    },
  };
}

/** A valid SALE event of `storeId`; override any field. */
export function paymentEvent(
  storeId: string,
  overrides: Partial<OrderPaymentRecorded> = {},
): OrderPaymentRecorded {
  return {
    eventId: randomUUID(),
    storeId,
    orderId: `Order_${randomUUID().replace(/-/g, '').slice(0, 27)}`,
    type: 'SALE',
    amount: { value: 1999, currencyCode: 'USD' },
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

/** The job's final state once BullMQ completed or failed it (polled with a deadline). */
export function settled(job: Job): Promise<'completed' | 'failed'> {
  return waitFor(
    async () => {
      const state = await job.getState();
      return (state === 'completed' || state === 'failed') && state;
    },
    { what: `job ${job.id ?? '?'} to complete or fail`, timeoutMs: 20_000 },
  );
}
