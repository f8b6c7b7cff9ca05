import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainsClient } from '@platform/domains-client';
import { IDEMPOTENCY_MIGRATION_SET, IdempotencyPurgeModule } from '@platform/idempotency';
import { OperationRunner, QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import type { MailboxesWorkerConfig } from './config/mailboxes-worker.config';
import { MAILBOXES_MIGRATION_SET } from './database/mailboxes.migration-set';
import { MailboxOrphansService } from './modules/mailboxes/mailbox-orphans.service';
import { DefaultMailboxProvider, MAILBOX_PROVIDER } from './modules/mailboxes/mailbox-provider';
import type { DomainOwners, MailboxProvider } from './modules/mailboxes/mailbox-provider';
import { MailboxEntity } from './modules/mailboxes/mailbox.entity';
import { MailboxesQueue } from './modules/mailboxes/mailboxes.jobs';
import { MailboxesProcessor } from './modules/mailboxes/mailboxes.processor';

/** What a provider is built from: the service's database and the domains service's client. */
export interface MailboxProviderDeps {
  readonly dataSource: DataSource;
  readonly domains: DomainOwners;
}

export interface MailboxesWorkerOptions {
  /** Replaces the default provider (DefaultMailboxProvider), e.g. with a real mail system's. */
  readonly provider?: (deps: MailboxProviderDeps) => MailboxProvider;
}

const DOMAINS_CLIENT = Symbol('DOMAINS_CLIENT');

/**
 * The mailboxes worker: consumes `mailboxes` (provisioning), re-adds orphaned jobs, and purges
 * expired idempotency keys. Serves only /health/live, /health/ready and /metrics on its own port.
 */
@Module({})
export class MailboxesWorkerModule {
  static forRoot(config: MailboxesWorkerConfig, options: MailboxesWorkerOptions = {}): DynamicModule {
    const provider =
      options.provider ??
      ((deps: MailboxProviderDeps) => new DefaultMailboxProvider(deps.dataSource, deps.domains));
    return {
      module: MailboxesWorkerModule,
      imports: [
        IdempotencyPurgeModule,
        QueueModule.forRoot(),
        QueueModule.registerQueues(MailboxesQueue),
        ServiceKitModule.forRoot({
          config: config.platform,
          errorFamily: 'domains',
          migrationSets: [MAILBOXES_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET],
        }),
        TypeOrmModule.forFeature([MailboxEntity]),
      ],
      providers: [
        MailboxOrphansService,
        MailboxesProcessor,
        OperationRunner,
        {
          provide: DOMAINS_CLIENT,
          useFactory: () =>
            DomainsClient.forPlatform(config.domainsUrl, config.platform.secretsEncryptionKey),
        },
        {
          provide: MAILBOX_PROVIDER,
          inject: [DataSource, DOMAINS_CLIENT],
          useFactory: (dataSource: DataSource, domains: DomainsClient) => provider({ dataSource, domains }),
        },
      ],
    };
  }
}
