import { DynamicModule, Module } from '@nestjs/common';
import { IDEMPOTENCY_MIGRATION_SET, IdempotencyPurgeModule } from '@platform/idempotency';
import { QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { DomainsConfigModule } from './config/domains-config.module';
import type { DomainsWorkerConfig } from './config/domains-worker.config';
import { DOMAINS_MIGRATION_SET } from './database/domains.migration-set';
import { OrdersWorkerModule } from './modules/orders/orders-worker.module';

/**
 * The domains worker: runs the orders (register, renew, transfer), the renewal and expiry sweep,
 * and purges expired idempotency keys. Serves only /health/live, /health/ready and /metrics.
 */
@Module({})
export class DomainsWorkerModule {
  static forRoot(config: DomainsWorkerConfig): DynamicModule {
    return {
      module: DomainsWorkerModule,
      imports: [
        DomainsConfigModule.forWorker(config),
        IdempotencyPurgeModule,
        OrdersWorkerModule,
        QueueModule.forRoot(),
        ServiceKitModule.forRoot({
          config: config.platform,
          errorFamily: 'domains',
          migrationSets: [DOMAINS_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET],
        }),
      ],
    };
  }
}
