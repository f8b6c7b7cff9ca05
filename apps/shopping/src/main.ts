// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { errorMessage } from '@platform/errors';
import { createServiceApp, listen } from '@platform/service-kit';
import { ShoppingAppModule } from './app.module';
import { loadShoppingConfig } from './config/shopping.config';

async function main(): Promise<void> {
  const config = loadShoppingConfig();
  const app = await createServiceApp(ShoppingAppModule.forRoot(config), { title: 'Shopping' });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`shopping failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
