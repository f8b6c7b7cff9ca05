import { Module } from '@nestjs/common';
import { PLATFORM_CONFIG, PlatformConfig } from '@platform/config';
import { SecretBox } from '@platform/crypto';
import { StoreAttributesController } from './attributes/store-attributes.controller';
import { StoreAttributesRepository } from './attributes/store-attributes.repository';
import { StoreAttributesService } from './attributes/store-attributes.service';
import { StoreDetailsRepository } from './details/store-details.repository';
import { StoreDetailsProvisioningService } from './details/store-details-provisioning.service';
import { GovernmentIdsRepository } from './government-ids/government-ids.repository';
import { GovernmentIdsService } from './government-ids/government-ids.service';
import { StoresController } from './stores.controller';
import { StoresRepository } from './stores.repository';
import { StoresService } from './stores.service';

/** GET store with its optional joins, store attributes, government ids (docs/commerce-stores.md). */
@Module({
  controllers: [StoreAttributesController, StoresController],
  providers: [
    GovernmentIdsRepository,
    GovernmentIdsService,
    {
      provide: SecretBox,
      inject: [PLATFORM_CONFIG],
      useFactory: (config: PlatformConfig) => new SecretBox(config.secretsEncryptionKey),
    },
    StoreAttributesRepository,
    StoreAttributesService,
    StoreDetailsProvisioningService,
    StoreDetailsRepository,
    StoresRepository,
    StoresService,
  ],
  exports: [StoreAttributesService, StoreDetailsProvisioningService, StoresService],
})
export class StoresModule {}
