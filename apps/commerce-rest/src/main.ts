import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { CommerceAppModule } from './app.module';
import { loadCommerceConfig } from './config/commerce.config';

async function main(): Promise<void> {
  const config = loadCommerceConfig();
  const app = await createServiceApp(CommerceAppModule.forRoot(config), {
    title: 'Commerce',
    description:
      'Stores, store attributes, channels, customers (/v1/commerce) and transactions (/v2/commerce)',
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`commerce-rest failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
