import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { DataSource } from 'typeorm';
import { IdempotencyPurgeQueue } from './idempotency-purge.jobs';
import { purgeExpired } from './purge-expired';

@Processor(IdempotencyPurgeQueue.name, WorkerDefaults)
export class IdempotencyPurgeProcessor extends JobDispatcherHost {
  private readonly logger = new Logger(IdempotencyPurgeProcessor.name);

  protected readonly dispatcher = createJobDispatcher(IdempotencyPurgeQueue, {
    'purge-expired': async () => {
      const deleted = await purgeExpired(this.dataSource, new Date());
      if (deleted > 0) this.logger.log(`purged ${deleted} expired idempotency records`);
      return { deleted };
    },
  });

  constructor(private readonly dataSource: DataSource) {
    super();
  }
}
