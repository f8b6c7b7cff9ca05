import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { LOG_RETENTION_MS, RuntimeLogStore } from '../app-logs/runtime-log-store.service';
import { BuildPruner } from './build-pruner.service';
import { HostingMaintenanceQueue, PRUNE_BUILDS_JOB, PURGE_APP_LOGS_JOB } from './hosting-maintenance.jobs';

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
