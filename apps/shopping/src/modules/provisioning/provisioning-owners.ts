import { Inject, Injectable } from '@nestjs/common';
import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { deriveInternalCredential } from '@platform/crypto';
import { DomainsClient } from '@platform/domains-client';
import { SHOPPING_SETTINGS, type ShoppingSettings } from '../../config/shopping-settings';
import { HostingPlansClient } from '../platform-provisioning/hosting-plans.client';

/**
 * The owners that provision what the platform sells, on their internal routes with the platform's
 * internal credential (as BusinessesService builds its clients): the domains service registers
 * domains (DOMAINS_URL), the hosting service makes hosting plans (HOSTING_URL).
 */
@Injectable()
export class ProvisioningOwners {
  readonly domains: DomainsClient;
  readonly hosting: HostingPlansClient;

  constructor(
    @Inject(SHOPPING_SETTINGS) settings: ShoppingSettings,
    @Inject(PLATFORM_CONFIG) platform: PlatformConfig,
  ) {
    const internalCredential = deriveInternalCredential(platform.secretsEncryptionKey);
    this.domains = new DomainsClient({ baseUrl: settings.services.domains, internalCredential });
    this.hosting = new HostingPlansClient({ baseUrl: settings.services.hosting, internalCredential });
  }
}
