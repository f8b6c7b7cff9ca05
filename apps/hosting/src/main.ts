import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { HostingAppModule } from './app.module';
import { loadHostingConfig } from './config/hosting.config';

async function main(): Promise<void> {
  const config = loadHostingConfig();
  const app = await createServiceApp(HostingAppModule.forRoot(config), {
    title: 'Hosting',
    description: 'Node.js app hosting (/v1/hosting, earlier namespace /v1/hosting/nodejs)',
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`hosting failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
