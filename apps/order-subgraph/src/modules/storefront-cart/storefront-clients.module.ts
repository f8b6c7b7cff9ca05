import { DynamicModule, Module } from '@nestjs/common';
import { deriveInternalCredential } from '@platform/crypto';
import type { OrderConfig } from '../../config/order.config';
import { CatalogPricingClient } from './catalog-pricing.client';
import { TaxEstimatesClient } from './tax-estimates.client';

/** The catalog and tax clients of the storefront, with the internal credential of the platform key. */
@Module({})
export class StorefrontClientsModule {
  static forRoot(config: OrderConfig): DynamicModule {
    const credential = deriveInternalCredential(config.platform.secretsEncryptionKey);
    return {
      module: StorefrontClientsModule,
      global: true,
      providers: [
        {
          provide: CatalogPricingClient,
          useValue: new CatalogPricingClient(config.catalogSubgraphUrl, credential),
        },
        { provide: TaxEstimatesClient, useValue: new TaxEstimatesClient(config.taxSubgraphUrl, credential) },
      ],
      exports: [CatalogPricingClient, TaxEstimatesClient],
    };
  }
}
