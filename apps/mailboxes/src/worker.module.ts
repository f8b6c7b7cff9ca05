import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { PlatformConfig } from '@platform/config';
import { IDEMPOTENCY_MIGRATION_SET, IdempotencyPurgeModule } from '@platform/idempotency';
import { OperationRunner, QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { MAILBOXES_MIGRATION_SET } from './database/mailboxes.migration-set';
import { MailboxOrphansService } from './modules/mailboxes/mailbox-orphans.service';
import { DatabaseMailboxProvider, MAILBOX_PROVIDER } from './modules/mailboxes/mailbox-provider';
import type { MailboxProvider } from './modules/mailboxes/mailbox-provider';
import { MailboxEntity } from './modules/mailboxes/mailbox.entity';
import { MailboxesQueue } from './modules/mailboxes/mailboxes.jobs';
import { MailboxesProcessor } from './modules/mailboxes/mailboxes.processor';

export interface MailboxesWorkerOptions {
  /** Replaces the default provider (DatabaseMailboxProvider), e.g. with a real mail system's. */
  readonly provider?: (dataSource: DataSource) => MailboxProvider;
}

/**
 * The mailboxes worker: consumes `mailboxes` (provisioning), re-adds orphaned jobs, and purges
 * expired idempotency keys. Serves only /health/live, /health/ready and /metrics on its own port.
 */
@Module({})
export class MailboxesWorkerModule {
  static forRoot(config: PlatformConfig, options: MailboxesWorkerOptions = {}): DynamicModule {
    const provider = options.provider ?? ((ds: DataSource) => new DatabaseMailboxProvider(ds));
    return {
      module: MailboxesWorkerModule,
      imports: [
        IdempotencyPurgeModule,
        QueueModule.forRoot(),
        QueueModule.registerQueues(MailboxesQueue),
        ServiceKitModule.forRoot({
          config,
          errorFamily: 'domains',
          migrationSets: [MAILBOXES_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET],
        }),
        TypeOrmModule.forFeature([MailboxEntity]),
      ],
      providers: [
        MailboxOrphansService,
        MailboxesProcessor,
        OperationRunner,
        { provide: MAILBOX_PROVIDER, inject: [DataSource], useFactory: provider },
      ],
    };
  }
}
