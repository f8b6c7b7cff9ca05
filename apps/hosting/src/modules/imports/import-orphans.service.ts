import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { OperationRunner } from '@platform/queue';
import type { Queue } from 'bullmq';
import { ORPHAN_SCAN_EVERY_MS } from '../apps/app-orphans.service';
import { ImportOperationEntity } from './import-operation.entity';
import { HostingImportsQueue } from './imports.jobs';

/** Every minute: re-adds the job of an import left EXECUTING without one (recoverOrphans). */
@Injectable()
export class ImportOrphansService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ImportOrphansService.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly runner: OperationRunner,
    @InjectQueue(HostingImportsQueue.name) private readonly queue: Queue,
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
      const r = await this.runner.recoverOrphans(ImportOperationEntity, [this.queue]);
      if (r.requeued.length + r.failed.length > 0)
        this.logger.warn(`import orphans: requeued ${r.requeued.length}, failed ${r.failed.length}`);
    } catch (error) {
      this.logger.warn(
        `import orphan scan failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
