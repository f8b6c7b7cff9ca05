import { DynamicModule, Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { ShoppingConfigModule } from './config/shopping-config.module';
import type { ShoppingConfig } from './config/shopping.config';
import { SHOPPING_MIGRATION_SET } from './database/shopping.migration-set';
import { BusinessesModule } from './modules/businesses/businesses.module';
import { CheckoutWorkerModule } from './modules/checkout/checkout-worker.module';
import { OrdersWorkerModule } from './modules/orders/orders-worker.module';

/**
 * The shopping worker: cancels expired checkouts (queue shopping-checkout), provisions platform
 * orders and delivers order webhooks (queue shopping-orders). Serves only /health/live,
 * /health/ready and /metrics on its own port.
 */
@Module({})
export class ShoppingWorkerModule {
  static forRoot(config: ShoppingConfig): DynamicModule {
    return {
      module: ShoppingWorkerModule,
      imports: [
        // ---- Feature worker modules (each registers its queues and processors), sorted. ----
        CheckoutWorkerModule,
        OrdersWorkerModule.forRoot({ domainsUrl: config.shopping.services.domains }),
        // ---- Infrastructure every feature worker module needs. ----
        BusinessesModule.forRoot({ domainsUrl: config.shopping.services.domains }),
        QueueModule.forRoot(),
        ShoppingConfigModule.of(config),
        ServiceKitModule.forRoot({
          config: config.platform,
          errorFamily: 'shopping',
          migrationSets: [SHOPPING_MIGRATION_SET],
        }),
      ],
    };
  }
}
