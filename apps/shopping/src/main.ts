// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { errorMessage } from '@platform/errors';
import { createServiceApp, listen } from '@platform/service-kit';
import { ShoppingAppModule } from './app.module';
import { loadShoppingConfig } from './config/shopping.config';
import { SHOPPING_OPENAPI, finishShoppingDocument } from './openapi/shopping-openapi';

async function main(): Promise<void> {
  const config = loadShoppingConfig();
  const app = await createServiceApp(ShoppingAppModule.forRoot(config), {
    title: SHOPPING_OPENAPI.info.title,
    description: SHOPPING_OPENAPI.info.description,
    // /docs serves the same OpenAPI 3.1 document that is committed in docs/openapi/shopping.json.
    openApi: finishShoppingDocument,
  });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`shopping failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
