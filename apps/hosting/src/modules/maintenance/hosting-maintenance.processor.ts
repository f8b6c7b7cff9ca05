import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import type { Queue } from 'bullmq';
import { LOG_RETENTION_MS, RuntimeLogStore } from '../app-logs/runtime-log-store';
import { BuildPruner } from './build-pruner';
import {
  HostingMaintenanceQueue,
  MAINTENANCE_SETTINGS,
  PRUNE_BUILDS_JOB,
  PRUNE_BUILDS_SCHEDULER,
  PURGE_APP_LOGS_JOB,
  PURGE_APP_LOGS_SCHEDULER,
} from './hosting-maintenance.jobs';
import type { MaintenanceSettings } from './hosting-maintenance.jobs';

/** Runs the hosting maintenance jobs; each is idempotent and safe to run concurrently. */
@Processor(HostingMaintenanceQueue.name, WorkerDefaults)
export class HostingMaintenanceProcessor extends JobDispatcherHost {
  private readonly logger = new Logger(HostingMaintenanceProcessor.name);

  protected readonly dispatcher = createJobDispatcher(HostingMaintenanceQueue, {
    [PURGE_APP_LOGS_JOB]: async () => {
      const deleted = await this.store.purgeOlderThan(new Date(Date.now() - LOG_RETENTION_MS));
      if (deleted > 0) this.logger.log(`purged ${deleted} runtime log lines older than 7 days`);
      return { deleted };
    },
    [PRUNE_BUILDS_JOB]: async () => {
      const removed = await this.pruner.prune();
      const total = removed.imports + removed.deployments + removed.uploads;
      if (total > 0) this.logger.log(`removed unused build files: ${JSON.stringify(removed)}`);
      return { ...removed };
    },
  });

  constructor(
    private readonly store: RuntimeLogStore,
    private readonly pruner: BuildPruner,
  ) {
    super();
  }
}

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
