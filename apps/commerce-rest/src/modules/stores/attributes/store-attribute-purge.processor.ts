import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { DataSource } from 'typeorm';
import { purgeExpiredStoreAttributes } from './purge-expired-store-attributes';
import { StoreAttributePurgeQueue } from './store-attribute-purge.jobs';

@Processor(StoreAttributePurgeQueue.name, WorkerDefaults)
export class StoreAttributePurgeProcessor extends JobDispatcherHost {
  private readonly logger = new Logger(StoreAttributePurgeProcessor.name);

  protected readonly dispatcher = createJobDispatcher(StoreAttributePurgeQueue, {
    'purge-expired': async () => {
      const deleted = await purgeExpiredStoreAttributes(this.dataSource);
      if (deleted > 0) this.logger.log({ deleted }, 'expired store attributes purged');
      return { deleted };
    },
  });

  constructor(private readonly dataSource: DataSource) {
    super();
  }
}
