import { Module } from '@nestjs/common';
import { DiscoveryController } from './discovery.controller';
import { DiscoveryService } from './discovery.service';

/** The business profiles: /.well-known/ucp and …/stores/{storeId}/.well-known/ucp. */
@Module({ controllers: [DiscoveryController], providers: [DiscoveryService], exports: [DiscoveryService] })
export class DiscoveryModule {}
