// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { MailboxesAppModule } from './app.module';
import { loadMailboxesConfig } from './config/mailboxes.config';
import { MAILBOXES_OPENAPI, finishMailboxesDocument } from './openapi/mailboxes-openapi';
import { errorMessage } from '@platform/errors';

async function main(): Promise<void> {
  const config = loadMailboxesConfig();
  const app = await createServiceApp(MailboxesAppModule.forRoot(config), {
    title: MAILBOXES_OPENAPI.info.title,
    description: MAILBOXES_OPENAPI.info.description,
    // /docs serves the same OpenAPI 3.1 document that is committed in docs/openapi/mailboxes.json.
    openApi: finishMailboxesDocument,
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`mailboxes failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
