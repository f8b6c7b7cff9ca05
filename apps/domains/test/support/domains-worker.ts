import { getQueueToken } from '@nestjs/bullmq';
import type { TestEnv, WorkerHarness } from '@platform/testing';
import { startWorkerHarness } from '@platform/testing';
import type { Queue } from 'bullmq';
import { loadDomainsWorkerConfig } from '../../src/config/domains-worker.config';
import { DomainsOrdersQueue } from '../../src/modules/orders/orders.jobs';
import { OrdersProcessor } from '../../src/modules/orders/orders.processor';
import { DomainsWorkerModule } from '../../src/worker.module';
import { domainsEnv } from './domains-test-app';

/** The domains worker booted in-process on a suite's database and Redis (plus `overrides`). */
export function startDomainsWorker(
  env: TestEnv,
  overrides: Record<string, string> = {},
): Promise<WorkerHarness> {
  return startWorkerHarness(
    DomainsWorkerModule.forRoot(loadDomainsWorkerConfig(domainsEnv(env, overrides))),
    OrdersProcessor,
    'Domains worker',
  );
}

/**
 * Runs `fn` while the orders queue is paused, so the orders it accepts stay EXECUTING. The queue is
 * paused, not the worker: a job added while a paused worker's fetch is still blocked in Redis would
 * be taken anyway; a paused queue keeps new jobs in its paused list until it resumes.
 */
export async function withOrdersPaused<T>(worker: WorkerHarness, fn: () => Promise<T>): Promise<T> {
  const queue = worker.app.get<Queue>(getQueueToken(DomainsOrdersQueue.name));
  await queue.pause();
  try {
    return await fn();
  } finally {
    await queue.resume();
  }
}
