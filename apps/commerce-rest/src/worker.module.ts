import { DynamicModule, Module } from '@nestjs/common';
import type { PlatformConfig } from '@platform/config';
import { QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { COMMERCE_MIGRATION_SET } from './database/commerce.migration-set';
import { StoreAttributePurgeModule } from './modules/stores/attributes/store-attribute-purge.module';
import { CommerceTransactionsWorkerModule } from './modules/transactions/commerce-transactions-worker.module';

/**
 * The commerce worker: consumes `commerce-transactions` and records transactions, and purges
 * expired store attributes every 10 minutes (a job scheduler). It serves only /health/live,
 * /health/ready and /metrics on its own port; no public routes.
 */
@Module({})
export class CommerceWorkerModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: CommerceWorkerModule,
      imports: [
        // ---- Feature worker modules (each registers its queues and processors), sorted. ----
        CommerceTransactionsWorkerModule,
        StoreAttributePurgeModule,
        // ---- Infrastructure every feature worker module needs. ----
        QueueModule.forRoot(),
        ServiceKitModule.forRoot({
          config,
          errorFamily: 'commerce',
          migrationSets: [COMMERCE_MIGRATION_SET],
        }),
      ],
    };
  }
}
