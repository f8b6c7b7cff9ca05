import { DynamicModule, Module } from '@nestjs/common';
import type { PlatformConfig } from '@platform/config';
import { QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { AgentRegistrySettingsModule } from './config/agent-registry-settings.module';
import type { AgentRegistrySettings } from './config/agent-registry.config';
import { AGENTS_MIGRATION_SET } from './database/agents.migration-set';
import { MaintenanceModule } from './modules/maintenance/maintenance.module';
import { ZoneChangesWorkerModule } from './modules/zone-changes/zone-changes.module';

/**
 * The agent registry worker: pending-registration expiry, event retention and CRL refresh on
 * BullMQ job schedulers, and the agents' DNS records into the owners' zones (queue agents-dns,
 * through the domains service). Serves only /health/live, /health/ready and /metrics on its own port.
 */
@Module({})
export class AgentRegistryWorkerModule {
  static forRoot(config: PlatformConfig, settings: AgentRegistrySettings): DynamicModule {
    return {
      module: AgentRegistryWorkerModule,
      imports: [
        AgentRegistrySettingsModule.forRoot(settings),
        MaintenanceModule,
        QueueModule.forRoot(),
        ServiceKitModule.forRoot({ config, errorFamily: 'domains', migrationSets: [AGENTS_MIGRATION_SET] }),
        ZoneChangesWorkerModule,
      ],
    };
  }
}
