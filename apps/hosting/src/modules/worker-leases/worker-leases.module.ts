import { Global, Module } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { LEASE_SETTINGS, loadLeaseSettings } from './lease-settings';
import { WorkerLeases } from './worker-leases';

/**
 * The worker's lease (hosting worker only): global, so the runtime manager (ImportsWorkerModule)
 * and the variant proxy share the one WorkerLeases.
 */
@Global()
@Module({
  providers: [
    WorkerLeases,
    {
      provide: LEASE_SETTINGS,
      inject: [PLATFORM_CONFIG],
      useFactory: (config: PlatformConfig) => loadLeaseSettings(config.port),
    },
  ],
  exports: [WorkerLeases],
})
export class WorkerLeasesModule {}
