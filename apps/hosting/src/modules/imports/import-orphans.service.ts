import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { OperationRunner, OrphanScanner } from '@platform/queue';
import type { Queue } from 'bullmq';
import { ImportOperationEntity } from './import-operation.entity';
import { HostingImportsQueue } from './imports.jobs';

/** Re-adds the job of an import left EXECUTING without one. */
@Injectable()
export class ImportOrphansService extends OrphanScanner<ImportOperationEntity> {
  constructor(runner: OperationRunner, @InjectQueue(HostingImportsQueue.name) queue: Queue) {
    super(runner, ImportOperationEntity, [queue]);
  }
}
