import { Module } from '@nestjs/common';
import { AvailabilityCache } from './availability.cache';
import { AvailabilityController } from './availability.controller';
import { AvailabilityService } from './availability.service';

/** The sandbox registry and availability: GET /v3/domains/check-availability, POST /v1/domains/available. */
@Module({
  controllers: [AvailabilityController],
  providers: [AvailabilityCache, AvailabilityService],
  exports: [AvailabilityCache],
})
export class RegistryModule {}
