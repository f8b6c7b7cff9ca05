import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainsClient } from '@platform/domains-client';
import { OperationRunner, OrphanScanModule, QueueModule } from '@platform/queue';
import type { MailboxesWorkerConfig } from '../../config/mailboxes-worker.config';
import { DefaultMailboxProvider, MAILBOX_PROVIDER } from './mailbox-provider';
import type { DomainOwners, MailboxProvider } from './mailbox-provider';
import { MailboxEntity } from './mailbox.entity';
import { MailboxesQueue } from './mailboxes.jobs';
import { MailboxesRepository } from './mailboxes.repository';
import { MailboxesProcessor } from './mailboxes.processor';

/** What a provider is built from: the service's mailbox storage and the domains service's client. */
export interface MailboxProviderDeps {
  readonly mailboxes: MailboxesRepository;
  readonly domains: DomainOwners;
}

export interface MailboxProvisioningOptions {
  /** Replaces the default provider (DefaultMailboxProvider), e.g. with a real mail system's. */
  readonly provider?: (deps: MailboxProviderDeps) => MailboxProvider;
}

const DOMAINS_CLIENT = Symbol('DOMAINS_CLIENT');

/**
 * The worker's side of mailboxes: consumes `mailboxes` (provisioning, through the provider) and
 * re-adds its orphaned jobs. Needs QueueModule.forRoot() and ServiceKitModule (with the mailboxes
 * migration set) in the worker's root module.
 */
@Module({})
export class MailboxProvisioningWorkerModule {
  static forRoot(config: MailboxesWorkerConfig, options: MailboxProvisioningOptions = {}): DynamicModule {
    const provider =
      options.provider ??
      ((deps: MailboxProviderDeps) => new DefaultMailboxProvider(deps.mailboxes, deps.domains));
    return {
      module: MailboxProvisioningWorkerModule,
      imports: [
        OrphanScanModule.forOperations({ entity: MailboxEntity, operations: MailboxesQueue }),
        QueueModule.registerQueues(MailboxesQueue),
        TypeOrmModule.forFeature([MailboxEntity]),
      ],
      providers: [
        MailboxesProcessor,
        MailboxesRepository,
        OperationRunner,
        {
          provide: DOMAINS_CLIENT,
          useFactory: () =>
            DomainsClient.forPlatform(config.domainsUrl, config.platform.secretsEncryptionKey),
        },
        {
          provide: MAILBOX_PROVIDER,
          inject: [MailboxesRepository, DOMAINS_CLIENT],
          useFactory: (mailboxes: MailboxesRepository, domains: DomainsClient) =>
            provider({ mailboxes, domains }),
        },
      ],
    };
  }
}
