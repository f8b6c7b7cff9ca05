import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { MailboxesAppModule } from './app.module';
import { loadMailboxesConfig } from './config/mailboxes.config';

async function main(): Promise<void> {
  const config = loadMailboxesConfig();
  const app = await createServiceApp(MailboxesAppModule.forRoot(config), {
    title: 'Mailboxes',
    description: 'Asynchronous provisioning of e-mail mailboxes on owned domains (/mailboxes)',
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`mailboxes failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
