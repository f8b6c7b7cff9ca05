import type { TestEnv, WorkerHarness } from '@platform/testing';
import { startWorkerHarness } from '@platform/testing';
import { loadDomainsWorkerConfig } from '../../src/config/domains-worker.config';
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
