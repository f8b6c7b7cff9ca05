// First: it declares the catalog's object types in the order of the committed schema.graphql.
import './catalog-object-types';
import { DynamicModule, Module } from '@nestjs/common';
import { commerceStoreAccess, commerceStoreSelection } from '@platform/commerce-graphql';
import { SubgraphModule } from '@platform/graphql-subgraph';
import { QueueModule } from '@platform/queue';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import type { CatalogConfig } from './config/catalog.config';
import { CATALOG_MIGRATION_SET } from './database/catalog.migration-set';
import { CatalogBulkModule } from './modules/bulk/bulk.module';
import { CatalogInventoryModule } from './modules/inventory/inventory.module';
import { ShoppingProductsModule } from './modules/shopping-products/shopping-products.module';
import { StorefrontPricingModule } from './modules/storefront-pricing/storefront-pricing.module';
import { CatalogRecordsGraphModule } from './records-graph.module';

/**
 * The catalog subgraph: POST /v2/commerce/stores/{storeId}/catalog-subgraph (schema `catalog`).
 * Path storeId and x-store-id are both required uuids; the header wins when they differ.
 */
@Module({})
export class CatalogAppModule {
  static forRoot(config: CatalogConfig): DynamicModule {
    return {
      module: CatalogAppModule,
      imports: [
        CatalogBulkModule,
        CatalogInventoryModule,
        CatalogRecordsGraphModule,
        QueueModule.forRoot(),
        RateLimitModule,
        ServiceKitModule.forRoot({
          config: config.platform,
          errorFamily: 'commerce',
          migrationSets: [CATALOG_MIGRATION_SET],
        }),
        ShoppingProductsModule,
        StorefrontPricingModule,
        SubgraphModule.forRoot({
          path: '/v2/commerce/stores/{storeId}/catalog-subgraph',
          deadlineMs: config.graphqlDeadlineMs,
          // A storefront's product listing nests pages three deep (groups → attributes → values):
          // the storefront kit's at 50 groups costs about 272 000 (docs/graphql.md, "Limits").
          limits: { maxComplexity: config.maxQueryCost },
          tenantSelection: commerceStoreSelection('path-and-header'),
          tenantAccess: commerceStoreAccess({
            commerceRestUrl: config.commerceRestUrl,
            cacheTtlSeconds: config.storeAccessCacheTtlSeconds,
          }),
        }),
      ],
    };
  }
}
