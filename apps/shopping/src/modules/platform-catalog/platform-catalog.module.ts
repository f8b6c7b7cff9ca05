import { DynamicModule, Module } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { DomainsClient } from '@platform/domains-client';
import { PlatformCatalogRepository } from './platform-catalog.repository';
import { PLATFORM_CATALOG_DOMAINS, PlatformCatalogService } from './platform-catalog.service';

export interface PlatformCatalogModuleOptions {
  /** Base URL of the domains service (DOMAINS_URL): name rules and availability. */
  readonly domainsUrl: string;
}

/**
 * The platform's own catalog (domain registrations, hosting plans) as PlatformCatalogService, for
 * the Shopping API's platform business and the checkout worker (resolveLine). Its entities are in
 * database/entities.ts; it needs ServiceKitModule (the EntityManager, PLATFORM_CONFIG) in the root
 * module.
 */
@Module({})
export class PlatformCatalogModule {
  static forRoot(options: PlatformCatalogModuleOptions): DynamicModule {
    return {
      module: PlatformCatalogModule,
      providers: [
        {
          provide: PLATFORM_CATALOG_DOMAINS,
          inject: [PLATFORM_CONFIG],
          useFactory: (config: PlatformConfig) =>
            DomainsClient.forPlatform(options.domainsUrl, config.secretsEncryptionKey),
        },
        PlatformCatalogRepository,
        PlatformCatalogService,
      ],
      exports: [PlatformCatalogService],
    };
  }
}
