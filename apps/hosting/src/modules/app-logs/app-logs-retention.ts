import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import type { Queue } from 'bullmq';
import { APP_LOG_SETTINGS, HostingMaintenanceQueue, PURGE_APP_LOGS_SCHEDULER } from './app-logs.jobs';
import type { AppLogSettings } from './app-logs.jobs';
import { LOG_RETENTION_MS, RuntimeLogStore } from './runtime-log-store';

/** Runs the hosting maintenance jobs; each is idempotent and safe to run concurrently. */
@Processor(HostingMaintenanceQueue.name, WorkerDefaults)
export class HostingMaintenanceProcessor extends JobDispatcherHost {
  private readonly logger = new Logger(HostingMaintenanceProcessor.name);

  protected readonly dispatcher = createJobDispatcher(HostingMaintenanceQueue, {
    'purge-app-logs': async () => {
      const deleted = await this.store.purgeOlderThan(new Date(Date.now() - LOG_RETENTION_MS));
      if (deleted > 0) this.logger.log(`purged ${deleted} runtime log lines older than 7 days`);
      return { deleted };
    },
  });

  constructor(private readonly store: RuntimeLogStore) {
    super();
  }
}

/**
 * Upserts the purge's job scheduler at boot under a fixed id, so the job stays single however many
 * workers start and a restarted worker picks the schedule up again.
 */
@Injectable()
export class HostingMaintenanceScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(HostingMaintenanceQueue.name) private readonly queue: Queue,
    @Inject(APP_LOG_SETTINGS) private readonly settings: AppLogSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      PURGE_APP_LOGS_SCHEDULER,
      { every: this.settings.retentionEveryMs },
      { name: 'purge-app-logs', opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
  }
}
