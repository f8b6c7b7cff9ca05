import { Module } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { DomainsClient } from '@platform/domains-client';
import { QueueModule } from '@platform/queue';
import { AGENT_REGISTRY_SETTINGS } from '../../config/agent-registry.config';
import type { AgentRegistrySettings } from '../../config/agent-registry.config';
import { ZoneChangeApplier } from './zone-change-applier.service';
import { ZoneChangeSweep } from './zone-change-sweep.service';
import { ZoneChangeProducer } from './zone-change.producer';
import { AgentsDnsQueue } from './zone-changes.jobs';
import { ZoneChangesRepository } from './zone-changes.repository';
import { ZoneChangesProcessor } from './zone-changes.processor';

const DnsQueue = QueueModule.registerQueues(AgentsDnsQueue);

/** For the API: enqueues the zone changes its transactions wrote. Needs QueueModule.forRoot(). */
@Module({
  imports: [DnsQueue],
  providers: [ZoneChangeProducer],
  exports: [DnsQueue, ZoneChangeProducer],
})
export class ZoneChangesModule {}

/**
 * For the worker: applies the zone changes through the domains service; its sweep of the outbox
 * runs as the maintenance job `requeue-zone-changes`.
 */
@Module({
  imports: [ZoneChangesModule],
  providers: [
    {
      provide: DomainsClient,
      inject: [PLATFORM_CONFIG, AGENT_REGISTRY_SETTINGS],
      useFactory: (config: PlatformConfig, settings: AgentRegistrySettings) =>
        DomainsClient.forPlatform(settings.domainsUrl, config.secretsEncryptionKey),
    },
    ZoneChangesRepository,
    ZoneChangeApplier,
    ZoneChangeSweep,
    ZoneChangesProcessor,
  ],
  exports: [ZoneChangeSweep],
})
export class ZoneChangesWorkerModule {}
