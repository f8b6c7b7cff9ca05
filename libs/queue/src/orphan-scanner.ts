import { Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { OperationRecordBase } from './operation-record.entity';
import type { OperationEntity, OperationRunner } from './operation-runner.service';
import { errorMessage } from '@platform/errors';

export const ORPHAN_SCAN_EVERY_MS = 60_000;

/**
 * Every minute, in a worker: re-adds the job of an operation of `entity` left EXECUTING without
 * one (OperationRunner.recoverOrphans). A worker's subclass names the entity and its queue(s) and
 * is an @Injectable provider; a failed scan is logged and tried again at the next tick.
 */
export abstract class OrphanScanner<E extends OperationRecordBase>
  implements OnApplicationBootstrap, OnModuleDestroy
{
  private readonly logger = new Logger(this.constructor.name);
  private timer: NodeJS.Timeout | undefined;

  protected constructor(
    private readonly runner: OperationRunner,
    private readonly entity: OperationEntity<E>,
    private readonly queues: readonly Queue[],
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
      const r = await this.runner.recoverOrphans(this.entity, this.queues);
      if (r.requeued.length + r.failed.length > 0)
        this.logger.warn(`orphans: requeued ${r.requeued.length}, failed ${r.failed.length}`);
    } catch (error) {
      this.logger.warn(`orphan scan failed: ${errorMessage(error)}`);
    }
  }
}
