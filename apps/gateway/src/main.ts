// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { GatewayAppModule } from './app.module';
import { loadGatewayConfig } from './config/gateway.config';
import { errorMessage } from '@platform/errors';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const app = await createServiceApp(GatewayAppModule.forRoot(config), {
    title: 'Gateway',
    description:
      'Single entry point: every path of the spec, POST /graphql (federated supergraph) and GET /healthz',
  });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`gateway failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
