import { DynamicModule, Module } from '@nestjs/common';
import type { PlatformConfig } from '@platform/config';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import { COMMERCE_MIGRATION_SET } from './database/commerce.migration-set';
import { AccessModule } from './modules/access/access.module';
import { ChannelsModule } from './modules/channels/channels.module';
import { CustomersModule } from './modules/customers/customers.module';
import { StoresModule } from './modules/stores/stores.module';
import { TransactionsModule } from './modules/transactions/transactions.module';

/** Commerce REST: stores, store attributes, channels, customers, transactions (schema `commerce`). */
@Module({})
export class CommerceAppModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: CommerceAppModule,
      imports: [
        AccessModule,
        ChannelsModule,
        CustomersModule,
        RateLimitModule,
        ServiceKitModule.forRoot({
          config,
          errorFamily: 'commerce',
          migrationSets: [COMMERCE_MIGRATION_SET],
        }),
        StoresModule,
        TransactionsModule,
      ],
    };
  }
}
