import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { COMMERCE_TRANSACTIONS_QUEUE } from '@platform/contracts';
import { Queue } from 'bullmq';
import type { OutboxEventEntity } from './outbox-event.entity';

/**
 * The only caller of `queue.add` for the outbox's queues, in the worker (OutboxRelay): hands an
 * outbox row to its BullMQ queue with the row's deterministic job id (a second add of the same
 * event is a no-op while the first job is kept). The platform's retry and retention defaults come
 * from QueueModule.
 */
@Injectable()
export class OutboxPublisher {
  constructor(@InjectQueue(COMMERCE_TRANSACTIONS_QUEUE) private readonly transactions: Queue) {}

  async publish(row: Pick<OutboxEventEntity, 'queue' | 'jobName' | 'jobId' | 'payload'>): Promise<void> {
    if (row.queue !== COMMERCE_TRANSACTIONS_QUEUE) throw new Error(`no producer for queue ${row.queue}`);
    await this.transactions.add(row.jobName, row.payload, { jobId: row.jobId });
  }
}
