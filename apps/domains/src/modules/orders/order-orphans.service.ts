import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { OperationRunner, OrphanScanner } from '@platform/queue';
import type { Queue } from 'bullmq';
import { DomainOrderEntity } from './domain-order.entity';
import { DomainsOrdersQueue } from './orders.jobs';

/** Re-adds the job of an order left EXECUTING without one (the API died between commit and enqueue). */
@Injectable()
export class OrderOrphansService extends OrphanScanner<DomainOrderEntity> {
  constructor(runner: OperationRunner, @InjectQueue(DomainsOrdersQueue.name) queue: Queue) {
    super(runner, DomainOrderEntity, [queue]);
  }
}
