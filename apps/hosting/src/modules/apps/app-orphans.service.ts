import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { OperationRunner } from '@platform/queue';
import type { Queue } from 'bullmq';
import { AppOperationEntity } from './app-operation.entity';
import { HostingAppsQueue } from './apps.jobs';

export const ORPHAN_SCAN_EVERY_MS = 60_000;

/** Every minute: re-adds the job of an app operation left EXECUTING without one (recoverOrphans). */
@Injectable()
export class AppOrphansService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AppOrphansService.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly runner: OperationRunner,
    @InjectQueue(HostingAppsQueue.name) private readonly queue: Queue,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.scan(), ORPHAN_SCAN_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async scan(): Promise<void> {
    try {
      const r = await this.runner.recoverOrphans(AppOperationEntity, [this.queue]);
      if (r.requeued.length + r.failed.length > 0)
        this.logger.warn(`orphans: requeued ${r.requeued.length}, failed ${r.failed.length}`);
    } catch (error) {
      this.logger.warn(`orphan scan failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
