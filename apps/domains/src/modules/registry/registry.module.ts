import { Module } from '@nestjs/common';
import { AvailabilityCache } from './availability.cache';
import { AvailabilityController } from './availability.controller';
import { AvailabilityRepository } from './availability.repository';
import { AvailabilityService } from './availability.service';
import { InternalAvailabilityController } from './internal-availability.controller';

/**
 * The sandbox registry and availability: GET /v3/domains/check-availability, POST
 * /v1/domains/available, POST /internal/v1/domains/availability.
 */
@Module({
  controllers: [AvailabilityController, InternalAvailabilityController],
  providers: [AvailabilityCache, AvailabilityRepository, AvailabilityService],
  exports: [AvailabilityCache],
})
export class RegistryModule {}
