import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { PlatformConfig } from '@platform/config';
import { QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { COMMERCE_MIGRATION_SET } from './database/commerce.migration-set';
import { StoreAttributePurgeModule } from './modules/stores/attributes/store-attribute-purge.module';
import { CommerceTransactionsJobs } from './modules/transactions/commerce-transactions.jobs';
import { CommerceTransactionsProcessor } from './modules/transactions/commerce-transactions.processor';
import { TransactionRecorder } from './modules/transactions/transaction-recorder.service';
import { TransactionEntity } from './modules/transactions/transaction.entity';

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
        QueueModule.forRoot(),
        QueueModule.registerQueues(CommerceTransactionsJobs),
        ServiceKitModule.forRoot({
          config,
          errorFamily: 'commerce',
          migrationSets: [COMMERCE_MIGRATION_SET],
        }),
        StoreAttributePurgeModule,
        TypeOrmModule.forFeature([TransactionEntity]),
      ],
      providers: [CommerceTransactionsProcessor, TransactionRecorder],
    };
  }
}
