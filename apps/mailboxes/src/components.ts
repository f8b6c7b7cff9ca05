import { nestComponent } from '@platform/service-kit';
import { MailboxesAppModule } from './app.module';
import { loadMailboxesConfig } from './config/mailboxes.config';
import { MAILBOXES_OPENAPI, finishMailboxesDocument } from './openapi/mailboxes-openapi';
import { loadMailboxesWorkerConfig } from './config/mailboxes-worker.config';
import { MailboxesWorkerModule } from './worker.module';

/** The API of mailboxes: `apps/mailboxes/src/main.ts` runs it alone. */
export const mailboxesService = nestComponent({
  name: 'mailboxes',
  kind: 'service',
  loadConfig: loadMailboxesConfig,
  platformConfig: (config) => config,
  module: (config) => MailboxesAppModule.forRoot(config),
  app: {
    title: MAILBOXES_OPENAPI.info.title,
    description: MAILBOXES_OPENAPI.info.description,
    openApi: finishMailboxesDocument,
  },
});

/** The worker of mailboxes (health only): `apps/mailboxes/src/worker.ts` runs it alone. */
export const mailboxesWorker = nestComponent({
  name: 'mailboxes-worker',
  kind: 'worker',
  loadConfig: loadMailboxesWorkerConfig,
  platformConfig: (config) => config.platform,
  module: (config) => MailboxesWorkerModule.forRoot(config),
  app: {
    title: 'Mailboxes worker',
    description: 'Provisions mailboxes (queue mailboxes); health only',
    openApi: false,
  },
});
