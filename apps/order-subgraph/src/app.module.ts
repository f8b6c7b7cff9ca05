import { DynamicModule, Module } from '@nestjs/common';
import { commerceStoreAccess, commerceStoreSelection } from '@platform/commerce-graphql';
import { SubgraphModule } from '@platform/graphql-subgraph';
import { QueueModule } from '@platform/queue';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import type { OrderConfig } from './config/order.config';
import { ORDERS_MIGRATION_SET } from './database/orders.migration-set';
import { ORDER_ADMIN_PATH, ORDER_STOREFRONT_PATH } from './modules/order-graphql/store-context';
import { OrdersModule } from './modules/orders/orders.module';
import { StoreOrdersModule } from './modules/store-orders/store-orders.module';
import { StorefrontClientsModule } from './modules/storefront-cart/storefront-clients.module';

/**
 * POST /v1/commerce/order-subgraph (admin) and /v1/commerce/order-storefront-subgraph (the public
 * storefront graph's clients): orders (schema `orders`), one Apollo Federation 2 subgraph schema;
 * and the internal routes of a store's orders for other platform services (store-orders).
 */
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
        StoreOrdersModule,
        StorefrontClientsModule.forRoot(config),
        SubgraphModule.forRoot({
          path: ORDER_ADMIN_PATH,
          deadlineMs: config.graphqlDeadlineMs,
          // The public storefront graph's clients: the same schema (docs/graphql.md, "Order storefront").
          aliasPaths: [ORDER_STOREFRONT_PATH],
          // The public storefront graph's documents select nested unpaged lists (lineItems →
          // details.selectedAddons → values): at the default 20 per list a full orderById costs
          // ~56 000; an order's lists are short, so they are estimated at 5 entries each.
          limits: { defaultListSize: 5 },
          tenantSelection: commerceStoreSelection('header'),
          tenantAccess: commerceStoreAccess({
            commerceRestUrl: config.commerceRestUrl,
            cacheTtlSeconds: config.storeAccessCacheTtlSeconds,
          }),
        }),
      ],
    };
  }
}
