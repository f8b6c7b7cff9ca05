import { Module } from '@nestjs/common';
import { PlatformHealthController } from './platform-health.controller';
import { PlatformReadinessService } from './platform-readiness.service';

/** GET /healthz: readiness of every service and worker behind the gateway. */
@Module({
  controllers: [PlatformHealthController],
  providers: [PlatformReadinessService],
})
export class PlatformHealthModule {}
