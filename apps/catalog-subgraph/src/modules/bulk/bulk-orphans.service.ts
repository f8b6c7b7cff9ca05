import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { OperationRunner, OrphanScanner } from '@platform/queue';
import type { Queue } from 'bullmq';
import { CatalogBulkOperationEntity } from './bulk-operation.entity';
import { CatalogBulkQueue } from './bulk.jobs';

/** Re-adds the job of a bulk operation left EXECUTING without one (or fails it once BullMQ gave up). */
@Injectable()
export class BulkOrphansService extends OrphanScanner<CatalogBulkOperationEntity> {
  constructor(runner: OperationRunner, @InjectQueue(CatalogBulkQueue.name) queue: Queue) {
    super(runner, CatalogBulkOperationEntity, [queue]);
  }
}
