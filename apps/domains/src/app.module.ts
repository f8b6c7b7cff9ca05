import { DynamicModule, Module } from '@nestjs/common';
import { IDEMPOTENCY_MIGRATION_SET, IdempotencyModule } from '@platform/idempotency';
import { QueueModule } from '@platform/queue';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import { DomainsConfigModule } from './config/domains-config.module';
import type { DomainsConfig } from './config/domains.config';
import { DOMAINS_MIGRATION_SET } from './database/domains.migration-set';
import { DomainsModule } from './modules/domains/domains.module';
import { OrdersModule } from './modules/orders/orders.module';
import { PaymentProfilesModule } from './modules/payment-profiles/payment-profiles.module';
import { RecordsModule } from './modules/records/records.module';
import { RegistryModule } from './modules/registry/registry.module';

/**
 * The domains API (schema `domains`, plus `idempotency`): availability (registry), purchase,
 * renewal and transfer orders (orders), listing (domains), DNS records (records), and the
 * internal routes the other services use. The worker runs the orders.
 */
@Module({})
export class DomainsAppModule {
  static forRoot(config: DomainsConfig): DynamicModule {
    return {
      module: DomainsAppModule,
      imports: [
        DomainsConfigModule.forApi(config),
        DomainsModule,
        IdempotencyModule,
        OrdersModule,
        PaymentProfilesModule.withHttp(),
        QueueModule.forRoot(),
        RateLimitModule,
        RecordsModule,
        RegistryModule,
        ServiceKitModule.forRoot({
          config: config.platform,
          errorFamily: 'domains',
          migrationSets: [DOMAINS_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET],
        }),
      ],
    };
  }
}
