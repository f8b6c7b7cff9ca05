import { DynamicModule, Module } from '@nestjs/common';
import type { PlatformConfig } from '@platform/config';
import { QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { ORDERS_MIGRATION_SET } from './database/orders.migration-set';
import { OutboxWorkerModule } from './modules/outbox/outbox-worker.module';

/**
 * The order worker: relays the outbox of schema `orders` to BullMQ (queue orders-outbox). Serves
 * only /health/live, /health/ready and /metrics on its own port; no GraphQL.
 */
@Module({})
export class OrderWorkerModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: OrderWorkerModule,
      imports: [
        // ---- Feature worker modules (each registers its queues and processors), sorted. ----
        OutboxWorkerModule,
        // ---- Infrastructure every feature worker module needs. ----
        QueueModule.forRoot(),
        ServiceKitModule.forRoot({
          config,
          errorFamily: 'domains',
          migrationSets: [ORDERS_MIGRATION_SET],
        }),
      ],
    };
  }
}
