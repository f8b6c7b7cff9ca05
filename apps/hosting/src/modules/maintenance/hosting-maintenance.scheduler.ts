import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { scheduleEvery } from '@platform/queue';
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
    await scheduleEvery(
      this.queue,
      PURGE_APP_LOGS_SCHEDULER,
      this.settings.retentionEveryMs,
      PURGE_APP_LOGS_JOB,
    );
    await scheduleEvery(this.queue, PRUNE_BUILDS_SCHEDULER, this.settings.pruneEveryMs, PRUNE_BUILDS_JOB);
  }
}
