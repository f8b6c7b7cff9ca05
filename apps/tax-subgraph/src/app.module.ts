import { DynamicModule, Module } from '@nestjs/common';
import { commerceStoreAccess, commerceStoreSelection } from '@platform/commerce-graphql';
import { SubgraphModule } from '@platform/graphql-subgraph';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import type { TaxConfig } from './config/tax.config';
import { TAX_MIGRATION_SET } from './database/tax.migration-set';
import { CalculationModule } from './modules/calculation/calculation.module';
import { ClassificationsModule } from './modules/classifications/classifications.module';
import { JurisdictionsModule } from './modules/jurisdictions/jurisdictions.module';
import { OverridesModule } from './modules/overrides/overrides.module';
import { RatesModule } from './modules/rates/rates.module';

/**
 * The tax subgraph: POST /v2/commerce/stores/{storeId}/tax-subgraph (schema `tax`). Store errors
 * use AUTHENTICATION_ERROR for both a missing and an invalid or inaccessible store, the spec's
 * tax quirk (docs/graphql.md, docs/tax.md).
 */
@Module({})
export class TaxAppModule {
  static forRoot(config: TaxConfig): DynamicModule {
    return {
      module: TaxAppModule,
      imports: [
        CalculationModule,
        ClassificationsModule,
        JurisdictionsModule,
        OverridesModule,
        RateLimitModule,
        RatesModule,
        ServiceKitModule.forRoot({
          config: config.platform,
          errorFamily: 'commerce',
          migrationSets: [TAX_MIGRATION_SET],
        }),
        SubgraphModule.forRoot({
          path: '/v2/commerce/stores/{storeId}/tax-subgraph',
          deadlineMs: config.graphqlDeadlineMs,
          tenantSelection: commerceStoreSelection('path-and-header'),
          tenantErrorCodes: { missing: 'AUTHENTICATION_ERROR', invalid: 'AUTHENTICATION_ERROR' },
          tenantAccess: commerceStoreAccess({
            commerceRestUrl: config.commerceRestUrl,
            cacheTtlSeconds: config.storeAccessCacheTtlSeconds,
          }),
        }),
      ],
    };
  }
}
