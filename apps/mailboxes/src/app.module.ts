import { DynamicModule, Module } from '@nestjs/common';
import type { PlatformConfig } from '@platform/config';
import { IDEMPOTENCY_MIGRATION_SET, IdempotencyModule } from '@platform/idempotency';
import { QueueModule } from '@platform/queue';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import { MAILBOXES_MIGRATION_SET } from './database/mailboxes.migration-set';
import { MailboxesModule } from './modules/mailboxes/mailboxes.module';

/** Mailboxes: POST/GET /mailboxes (schema `mailboxes`, plus `idempotency`); the worker provisions. */
@Module({})
export class MailboxesAppModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: MailboxesAppModule,
      imports: [
        IdempotencyModule,
        MailboxesModule,
        QueueModule.forRoot(),
        RateLimitModule,
        ServiceKitModule.forRoot({
          config,
          errorFamily: 'domains',
          migrationSets: [MAILBOXES_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET],
        }),
      ],
    };
  }
}
