import { getQueueToken } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PLATFORM_CONFIG, PlatformConfig } from '@platform/config';
import { createQueue } from '@platform/queue';
import { openAdminDataSource } from '@platform/service-kit';
import { EntityManager } from 'typeorm';
import { AgentRegistrySettingsModule } from '../config/agent-registry-settings.module';
import { loadAgentRegistryConfig, loadAgentRegistrySettings } from '../config/agent-registry.config';
import { AGENTS_MIGRATION_SET } from '../database/agents.migration-set';
import { AgentRegistrationService } from '../modules/agents/agent-registration.service';
import { AgentsRepository } from '../modules/agents/agents.repository';
import { AgentEventLog } from '../modules/events/agent-event-log.service';
import { AgentEventsRepository } from '../modules/events/agent-events.repository';
import { CertificateIssuer } from '../modules/pki/certificate-issuer.service';
import { PkiRepository } from '../modules/pki/pki.repository';
import { RegistryCa } from '../modules/pki/registry-ca.service';
import { ZoneChangeProducer } from '../modules/zone-changes/zone-change.producer';
import { AgentsDnsQueue } from '../modules/zone-changes/zone-changes.jobs';

export interface AgentsAdminContext {
  readonly agents: AgentsRepository;
  readonly registration: AgentRegistrationService;
}

/**
 * The admin CLI runs the same registration service as the API would, wired by Nest's injector
 * over the admin data source (no HTTP server). Redis only for the agents-dns queue: an ACTIVE
 * registration's zone change is enqueued like the API's (or swept by the worker when Redis is away).
 */
export async function openAgentsAdminContext(
  config: PlatformConfig = loadAgentRegistryConfig(),
): Promise<{ context: AgentsAdminContext; close(): Promise<void> }> {
  const dataSource = await openAdminDataSource(config, [AGENTS_MIGRATION_SET]);
  const dnsQueue = createQueue(config, AgentsDnsQueue.name);
  // A Redis outage is the sweep's to repair; it must not crash the command through an 'error' event.
  dnsQueue.on('error', () => undefined);
  @Module({
    imports: [AgentRegistrySettingsModule.forRoot(loadAgentRegistrySettings())],
    providers: [
      { provide: EntityManager, useValue: dataSource.manager },
      { provide: PLATFORM_CONFIG, useValue: config },
      AgentsRepository,
      AgentEventsRepository,
      PkiRepository,
      AgentEventLog,
      AgentRegistrationService,
      CertificateIssuer,
      RegistryCa,
      ZoneChangeProducer,
      { provide: getQueueToken(AgentsDnsQueue.name), useValue: dnsQueue },
    ],
  })
  class AgentsAdminModule {}
  const app = await NestFactory.createApplicationContext(AgentsAdminModule, { logger: false });
  return {
    context: { agents: app.get(AgentsRepository), registration: app.get(AgentRegistrationService) },
    async close() {
      await app.close();
      // The command's outcome is settled by now: a queue whose connection never came up (no
      // ACTIVE registration enqueued anything, or Redis is away) must not turn it into a failure.
      await dnsQueue.close().catch(() => undefined);
      await dataSource.destroy();
    },
  };
}
