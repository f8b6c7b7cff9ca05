import { DynamicModule, Module } from '@nestjs/common';
import { IDEMPOTENCY_MIGRATION_SET, IdempotencyModule } from '@platform/idempotency';
import { QueueModule } from '@platform/queue';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import { ShoppingConfigModule } from './config/shopping-config.module';
import type { ShoppingConfig } from './config/shopping.config';
import { SHOPPING_MIGRATION_SET } from './database/shopping.migration-set';
import { BusinessesModule } from './modules/businesses/businesses.module';
import { CartsModule } from './modules/carts/carts.module';
import { CatalogModule } from './modules/catalog/catalog.module';
import { CheckoutModule } from './modules/checkout/checkout.module';
import { DiscoveryModule } from './modules/discovery/discovery.module';
import { HandoffModule } from './modules/handoff/handoff.module';
import { McpModule } from './modules/mcp/mcp.module';
import { OrdersModule } from './modules/orders/orders.module';

/**
 * The Shopping API (schema `shopping`, plus `idempotency`): UCP 2026-04-08 over REST for the
 * platform (/v1/shopping) and every store (/v1/shopping/stores/{storeId}); docs/shopping.md.
 */
@Module({})
export class ShoppingAppModule {
  static forRoot(config: ShoppingConfig): DynamicModule {
    return {
      module: ShoppingAppModule,
      imports: [
        BusinessesModule.forRoot({ domainsUrl: config.shopping.services.domains }),
        CartsModule,
        CatalogModule,
        CheckoutModule,
        DiscoveryModule,
        HandoffModule,
        IdempotencyModule,
        McpModule,
        OrdersModule,
        QueueModule.forRoot(),
        RateLimitModule,
        ShoppingConfigModule.of(config),
        ServiceKitModule.forRoot({
          config: config.platform,
          errorFamily: 'shopping',
          migrationSets: [SHOPPING_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET],
        }),
      ],
    };
  }
}
