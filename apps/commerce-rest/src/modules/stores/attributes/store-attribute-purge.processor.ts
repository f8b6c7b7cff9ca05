import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { StoreAttributePurgeQueue } from './store-attribute-purge.jobs';
import { StoreAttributesRepository } from './store-attributes.repository';

@Processor(StoreAttributePurgeQueue.name, WorkerDefaults)
export class StoreAttributePurgeProcessor extends JobDispatcherHost {
  private readonly logger = new Logger(StoreAttributePurgeProcessor.name);

  protected readonly dispatcher = createJobDispatcher(StoreAttributePurgeQueue, {
    'purge-expired': async () => {
      const deleted = await this.attributes.purgeExpired();
      if (deleted > 0) this.logger.log({ deleted }, 'expired store attributes purged');
      return { deleted };
    },
  });

  constructor(private readonly attributes: StoreAttributesRepository) {
    super();
  }
}
