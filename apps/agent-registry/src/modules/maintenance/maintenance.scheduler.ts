import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { scheduleEvery } from '@platform/queue';
import { AGENT_REGISTRY_SETTINGS } from '../../config/agent-registry.config';
import type { AgentRegistrySettings } from '../../config/agent-registry.config';
import { AgentsMaintenanceQueue } from './maintenance.jobs';

/**
 * Declares one job scheduler per maintenance job at boot. Upserting a fixed scheduler id keeps
 * each job single however many workers start, and a restarted worker picks the schedule up again.
 */
@Injectable()
export class MaintenanceScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(AgentsMaintenanceQueue.name) private readonly queue: Queue,
    @Inject(AGENT_REGISTRY_SETTINGS) private readonly settings: AgentRegistrySettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const name of AgentsMaintenanceQueue.jobs) {
      await scheduleEvery(this.queue, `agents-${name}`, this.settings.maintenanceEveryMs, name);
    }
  }
}
