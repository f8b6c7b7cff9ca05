import { DynamicModule, Module } from '@nestjs/common';
import type { PlatformConfig } from '@platform/config';
import { QueueModule } from '@platform/queue';
import { RateLimitModule } from '@platform/rate-limit';
import { ServiceKitModule } from '@platform/service-kit';
import { AgentRegistrySettingsModule } from './config/agent-registry-settings.module';
import type { AgentRegistrySettings } from './config/agent-registry.config';
import { AGENTS_MIGRATION_SET } from './database/agents.migration-set';
import { AgentsModule } from './modules/agents/agents.module';
import { EventsModule } from './modules/events/events.module';
import { PkiModule } from './modules/pki/pki.module';

/**
 * The agent registry API: /v1/agents (schema `agents`); its worker runs the maintenance jobs and
 * writes the agents' DNS records into their owners' zones (queue agents-dns).
 */
@Module({})
export class AgentRegistryAppModule {
  static forRoot(config: PlatformConfig, settings: AgentRegistrySettings): DynamicModule {
    return {
      module: AgentRegistryAppModule,
      imports: [
        AgentRegistrySettingsModule.forRoot(settings),
        AgentsModule,
        EventsModule,
        PkiModule,
        QueueModule.forRoot(),
        RateLimitModule,
        ServiceKitModule.forRoot({ config, errorFamily: 'domains', migrationSets: [AGENTS_MIGRATION_SET] }),
      ],
    };
  }
}
