import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import type { OperationRecordBase } from './operation-record.entity';
import { orphanScanQueue } from './orphan-scan.jobs';
import type { OrphanScanTarget } from './orphan-scan.jobs';
import { orphanScanProcessor } from './orphan-scan.processor';
import { orphanScanScheduler } from './orphan-scan.scheduler';
import { QueueModule } from './queue.module';

/**
 * The orphan scan of one kind of operation, for a worker process (never the API): a job scheduler
 * runs `scan-orphans` on queue `<operations>-orphan-scan` every minute, once across all replicas,
 * and its processor re-adds the job of a record left EXECUTING without one (the API died between
 * commit and enqueue, or Redis lost it) or fails the record whose job BullMQ failed. Imported by
 * the feature worker module that runs the operations:
 *
 *   imports: [OrphanScanModule.forOperations({ entity: MailboxEntity, operations: MailboxesQueue }), …]
 *
 * The worker also needs QueueModule.forRoot() and the entity in its migration set.
 */
@Module({})
export class OrphanScanModule {
  static forOperations<E extends OperationRecordBase>(target: OrphanScanTarget<E>): DynamicModule {
    return {
      module: OrphanScanModule,
      imports: [QueueModule.registerQueues(orphanScanQueue(target.operations), target.operations)],
      providers: [orphanScanProcessor(target), orphanScanScheduler(target)],
    };
  }
}
