// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { errorMessage } from '@platform/errors';
import { createServiceApp, listen } from '@platform/service-kit';
import { loadShoppingWorkerConfig } from './config/shopping-worker.config';
import { ShoppingWorkerModule } from './worker.module';

/** Second entry point of shopping: its worker, with health endpoints on its own port. */
async function main(): Promise<void> {
  const config = loadShoppingWorkerConfig();
  const app = await createServiceApp(ShoppingWorkerModule.forRoot(config), {
    title: 'Shopping worker',
    description: 'Cancels expired checkouts, provisions orders, delivers order webhooks; health only',
    openApi: false,
  });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`shopping worker failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
