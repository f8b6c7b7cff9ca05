import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { CatalogBulkRetentionQueue } from './bulk-retention.jobs';
import { BulkRetentionService } from './bulk-retention.service';

@Processor(CatalogBulkRetentionQueue.name, WorkerDefaults)
export class BulkRetentionProcessor extends JobDispatcherHost {
  private readonly logger = new Logger(BulkRetentionProcessor.name);

  protected readonly dispatcher = createJobDispatcher(CatalogBulkRetentionQueue, {
    'purge-ended': async () => {
      const purged = await this.retention.purge();
      if (purged.operations > 0) this.logger.log(`deleted ${purged.operations} ended bulk operations`);
      return purged;
    },
  });

  constructor(private readonly retention: BulkRetentionService) {
    super();
  }
}
