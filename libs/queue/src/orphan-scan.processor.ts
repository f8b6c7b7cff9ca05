import { InjectQueue, Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { createJobDispatcher } from './job-dispatcher';
import { JobDispatcherHost } from './job-dispatcher.host';
import { OperationRunner } from './operation-runner.service';
import type { OrphanRecovery } from './operation-runner.service';
import { SCAN_ORPHANS_JOB, orphanScanQueue } from './orphan-scan.jobs';
import type { OrphanScanTarget } from './orphan-scan.jobs';
import { WorkerDefaults } from './queue-defaults';

/**
 * The processor of one orphan scan's queue: `scan-orphans` runs OperationRunner.recoverOrphans on
 * the target's entity and queue (records EXECUTING for over a minute whose job is gone are re-added,
 * those whose job BullMQ failed are failed) and returns what it repaired. A class per target,
 * because `@Processor` takes its queue name when the class is declared. Its OperationRunner is its
 * own, not a provider: the feature module's stays the only one its processor and tests resolve.
 */
export function orphanScanProcessor(target: OrphanScanTarget): Type<JobDispatcherHost<unknown>> {
  const queue = orphanScanQueue(target.operations);

  @Processor(queue.name, WorkerDefaults)
  class OrphanScanProcessor extends JobDispatcherHost<unknown> {
    private readonly logger = new Logger(`OrphanScan ${target.operations.name}`);

    protected readonly dispatcher = createJobDispatcher<typeof SCAN_ORPHANS_JOB, unknown>(queue, {
      [SCAN_ORPHANS_JOB]: async (): Promise<OrphanRecovery> => {
        const recovery = await this.runner.recoverOrphans(target.entity, [this.operations]);
        if (recovery.requeued.length + recovery.failed.length > 0)
          this.logger.warn(`orphans: requeued ${recovery.requeued.length}, failed ${recovery.failed.length}`);
        return recovery;
      },
    });

    private readonly runner: OperationRunner;

    constructor(
      dataSource: DataSource,
      @InjectQueue(target.operations.name) private readonly operations: Queue,
    ) {
      super();
      this.runner = new OperationRunner(dataSource);
    }
  }
  return OrphanScanProcessor;
}
