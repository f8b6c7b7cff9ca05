// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { loadMailboxesWorkerConfig } from './config/mailboxes-worker.config';
import { MailboxesWorkerModule } from './worker.module';
import { errorMessage } from '@platform/errors';

/** Second entry point of mailboxes: the provisioning worker, with health endpoints on its own port. */
async function main(): Promise<void> {
  const config = loadMailboxesWorkerConfig();
  const app = await createServiceApp(MailboxesWorkerModule.forRoot(config), {
    title: 'Mailboxes worker',
    description: 'Provisions mailboxes (queue mailboxes); health only',
    openApi: false,
  });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`mailboxes worker failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
