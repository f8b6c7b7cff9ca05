import { DynamicModule, Module } from '@nestjs/common';
import { commerceStoreAccess, commerceStoreSelection } from '@platform/commerce-graphql';
import { SubgraphModule } from '@platform/graphql-subgraph';
import { QueueModule } from '@platform/queue';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import type { OrderConfig } from './config/order.config';
import { ORDERS_MIGRATION_SET } from './database/orders.migration-set';
import { OrdersModule } from './modules/orders/orders.module';

/** POST /v1/commerce/order-subgraph: orders (schema `orders`), an Apollo Federation 2 subgraph. */
@Module({})
export class OrderAppModule {
  static forRoot(config: OrderConfig): DynamicModule {
    return {
      module: OrderAppModule,
      imports: [
        OrdersModule,
        QueueModule.forRoot(),
        RateLimitModule,
        ServiceKitModule.forRoot({
          config: config.platform,
          errorFamily: 'domains',
          migrationSets: [ORDERS_MIGRATION_SET],
        }),
        SubgraphModule.forRoot({
          path: '/v1/commerce/order-subgraph',
          storeSelection: commerceStoreSelection('header'),
          storeAccess: commerceStoreAccess({
            commerceRestUrl: config.commerceRestUrl,
            cacheTtlSeconds: config.storeAccessCacheTtlSeconds,
          }),
        }),
      ],
    };
  }
}
