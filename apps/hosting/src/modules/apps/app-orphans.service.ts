import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { OperationRunner, OrphanScanner } from '@platform/queue';
import type { Queue } from 'bullmq';
import { AppOperationEntity } from './app-operation.entity';
import { HostingAppsQueue } from './apps.jobs';

/** Re-adds the job of an app operation left EXECUTING without one. */
@Injectable()
export class AppOrphansService extends OrphanScanner<AppOperationEntity> {
  constructor(runner: OperationRunner, @InjectQueue(HostingAppsQueue.name) queue: Queue) {
    super(runner, AppOperationEntity, [queue]);
  }
}
