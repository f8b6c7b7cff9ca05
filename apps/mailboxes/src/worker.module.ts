import { DynamicModule, Module } from '@nestjs/common';
import { IDEMPOTENCY_MIGRATION_SET, IdempotencyPurgeModule } from '@platform/idempotency';
import { QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import type { MailboxesWorkerConfig } from './config/mailboxes-worker.config';
import { MAILBOXES_MIGRATION_SET } from './database/mailboxes.migration-set';
import { MailboxProvisioningWorkerModule } from './modules/mailboxes/mailbox-provisioning-worker.module';
import type { MailboxProvisioningOptions } from './modules/mailboxes/mailbox-provisioning-worker.module';

export type { MailboxProviderDeps } from './modules/mailboxes/mailbox-provisioning-worker.module';

/** The worker's options: MailboxProvisioningWorkerModule's (the provider, e.g. in tests). */
export type MailboxesWorkerOptions = MailboxProvisioningOptions;

/**
 * The mailboxes worker: consumes `mailboxes` (provisioning), re-adds orphaned jobs, and purges
 * expired idempotency keys. Serves only /health/live, /health/ready and /metrics on its own port.
 */
@Module({})
export class MailboxesWorkerModule {
  static forRoot(config: MailboxesWorkerConfig, options: MailboxesWorkerOptions = {}): DynamicModule {
    return {
      module: MailboxesWorkerModule,
      imports: [
        // ---- Feature worker modules (each registers its queues and processors), sorted. ----
        IdempotencyPurgeModule,
        MailboxProvisioningWorkerModule.forRoot(config, options),
        // ---- Infrastructure every feature worker module needs. ----
        QueueModule.forRoot(),
        ServiceKitModule.forRoot({
          config: config.platform,
          errorFamily: 'domains',
          migrationSets: [MAILBOXES_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET],
        }),
      ],
    };
  }
}
