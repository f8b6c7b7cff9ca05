import { Module } from '@nestjs/common';
import { PLATFORM_CONFIG, PlatformConfig } from '@platform/config';
import { StoreAttributesController } from './attributes/store-attributes.controller';
import { StoreAttributesService } from './attributes/store-attributes.service';
import { StoreDetailsProvisioningService } from './details/store-details-provisioning.service';
import { GovernmentIdsService } from './government-ids/government-ids.service';
import { SecretBox } from '@platform/crypto';
import { StoresController } from './stores.controller';
import { StoresService } from './stores.service';

/** GET store with its optional joins, store attributes, government ids (docs/commerce-stores.md). */
@Module({
  controllers: [StoreAttributesController, StoresController],
  providers: [
    GovernmentIdsService,
    {
      provide: SecretBox,
      inject: [PLATFORM_CONFIG],
      useFactory: (config: PlatformConfig) => new SecretBox(config.secretsEncryptionKey),
    },
    StoreAttributesService,
    StoreDetailsProvisioningService,
    StoresService,
  ],
  exports: [StoreAttributesService, StoreDetailsProvisioningService, StoresService],
})
export class StoresModule {}
