import { DynamicModule, Module } from '@nestjs/common';
import { IDEMPOTENCY_MIGRATION_SET, IdempotencyModule } from '@platform/idempotency';
import { QueueModule } from '@platform/queue';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import { HostingConfigModule } from './config/hosting-config.module';
import type { HostingConfig } from './config/hosting.config';
import { HOSTING_MIGRATION_SET } from './database/hosting.migration-set';
import { AppLogsModule } from './modules/app-logs/app-logs.module';
import { AppsModule } from './modules/apps/apps.module';
import { DeploymentsModule } from './modules/deployments/deployments.module';
import { DomainsModule } from './modules/domains/domains.module';
import { ImportsModule } from './modules/imports/imports.module';
import { ReleasesModule } from './modules/releases/releases.module';
import { SecretStoreModule } from './modules/secret-store/secret-store.module';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { RestartsModule } from './modules/restarts/restarts.module';

/**
 * Hosting API: /v1/hosting and the earlier /v1/hosting/nodejs (schema `hosting`, plus
 * `idempotency`); errors in the commerce error object; the worker does the asynchronous work.
 * RateLimitModule comes before ServiceKitModule so the per-IP guard runs before authentication.
 */
@Module({})
export class HostingAppModule {
  static forRoot(config: HostingConfig): DynamicModule {
    return {
      module: HostingAppModule,
      imports: [
        HostingConfigModule.forApi(config),
        RateLimitModule,
        IdempotencyModule,
        AppsModule,
        AppLogsModule.withHttp(),
        DeploymentsModule,
        DomainsModule,
        RestartsModule,
        ImportsModule,
        ReleasesModule,
        SecretStoreModule.withHttp(),
        SubscriptionsModule,
        WebhooksModule,
        QueueModule.forRoot(),
        ServiceKitModule.forRoot({
          config: config.platform,
          errorFamily: 'commerce',
          migrationSets: [HOSTING_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET],
        }),
      ],
    };
  }
}
