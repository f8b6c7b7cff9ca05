import { Inject, Injectable } from '@nestjs/common';
import { deriveInternalCredential } from '@platform/crypto';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { DomainsClient } from '@platform/domains-client';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';
import { PlatformCatalogService } from '../platform-catalog/platform-catalog.service';
import { StoreCatalogClient } from '../store-catalog/store-catalog.client';
import { StoreOrdersClient } from '../store-orders/store-orders.client';
import type { Business, BusinessKey } from './business';
import { PlatformBusiness } from './platform-business';
import { StoreBusiness } from './store-business';

/** The Business a request names: the platform, or one store over the owners' internal routes. */
@Injectable()
export class BusinessesService {
  readonly platform: PlatformBusiness;
  readonly domains: DomainsClient;
  private readonly storeCatalog: StoreCatalogClient;
  private readonly storeOrders: StoreOrdersClient;

  constructor(
    catalog: PlatformCatalogService,
    @Inject(SHOPPING_SETTINGS) private readonly settings: ShoppingSettings,
    @Inject(PLATFORM_CONFIG) platform: PlatformConfig,
  ) {
    const internalCredential = deriveInternalCredential(platform.secretsEncryptionKey);
    this.domains = new DomainsClient({ baseUrl: settings.services.domains, internalCredential });
    this.storeCatalog = new StoreCatalogClient({ baseUrl: settings.services.catalog, internalCredential });
    this.storeOrders = new StoreOrdersClient({ baseUrl: settings.services.order, internalCredential });
    this.platform = new PlatformBusiness(catalog, this.domains, settings.publicBaseUrl);
  }

  of(key: BusinessKey): Business {
    if (key.kind === 'platform') return this.platform;
    return new StoreBusiness(key.storeId, this.storeCatalog, this.storeOrders, this.settings.publicBaseUrl);
  }
}

/** How a business is named in rows: `platform` or `store:<storeId>`. */
export function businessColumn(key: BusinessKey): string {
  return key.kind === 'platform' ? 'platform' : `store:${key.storeId}`;
}

/** The path prefix of a business's operations. */
export function businessBasePath(key: BusinessKey): string {
  return key.kind === 'platform' ? '/v1/shopping' : `/v1/shopping/stores/${key.storeId}`;
}
