import { startWorkerHarness, type WorkerHarness } from '@platform/testing';
import { loadShoppingWorkerConfig } from '../../src/config/shopping-worker.config';
import { ShoppingOrdersProcessor } from '../../src/modules/orders/orders.processor';
import { ShoppingWorkerModule } from '../../src/worker.module';
import type { ShoppingTestApp } from './shopping-test-app';

/**
 * The shopping worker in-process on a suite's database and Redis prefix, asking the suite's fake
 * owners (plus `overrides`, e.g. HOSTING_URL and SHOPPING_OUTBOUND_ALLOW as the API got them).
 * `kill()` stops the orders queue's worker as a dying process would.
 */
export function startShoppingWorker(
  t: ShoppingTestApp,
  overrides: Record<string, string> = {},
): Promise<WorkerHarness> {
  const config = loadShoppingWorkerConfig({
    ...t.env.env,
    DOMAINS_URL: t.domains.url,
    COMMERCE_REST_URL: t.commerce.url,
    PUBLIC_BASE_URL: t.config.shopping.publicBaseUrl,
    SHOPPING_OUTBOUND_ALLOW: `127.0.0.1:${t.agent.port}`,
    ...overrides,
  });
  return startWorkerHarness(ShoppingWorkerModule.forRoot(config), ShoppingOrdersProcessor, 'Shopping worker');
}
