import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import {
  HostingMaintenanceQueue,
  MAINTENANCE_SETTINGS,
  PRUNE_BUILDS_JOB,
  PRUNE_BUILDS_SCHEDULER,
  PURGE_APP_LOGS_JOB,
  PURGE_APP_LOGS_SCHEDULER,
} from './hosting-maintenance.jobs';
import type { MaintenanceSettings } from './hosting-maintenance.jobs';

/**
 * Upserts the jobs' schedulers at boot under fixed ids, so each job stays single however many
 * workers start and a restarted worker picks the schedule up again.
 */
@Injectable()
export class HostingMaintenanceScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(HostingMaintenanceQueue.name) private readonly queue: Queue,
    @Inject(MAINTENANCE_SETTINGS) private readonly settings: MaintenanceSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const opts = { removeOnComplete: 100, removeOnFail: 100 };
    await this.queue.upsertJobScheduler(
      PURGE_APP_LOGS_SCHEDULER,
      { every: this.settings.retentionEveryMs },
      { name: PURGE_APP_LOGS_JOB, opts },
    );
    await this.queue.upsertJobScheduler(
      PRUNE_BUILDS_SCHEDULER,
      { every: this.settings.pruneEveryMs },
      { name: PRUNE_BUILDS_JOB, opts },
    );
  }
}
