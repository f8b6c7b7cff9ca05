import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { ZoneChangeApplier } from './zone-change-applier.service';
import { AgentsDnsQueue, ZoneChangeJobData } from './zone-changes.jobs';

/** Runs the agents-dns jobs; idempotent (a settled change is not sent again). */
@Processor(AgentsDnsQueue.name, WorkerDefaults)
export class ZoneChangesProcessor extends JobDispatcherHost<ZoneChangeJobData> {
  private readonly logger = new Logger(ZoneChangesProcessor.name);

  protected readonly dispatcher = createJobDispatcher(AgentsDnsQueue, {
    'apply-zone-change': async (job: Job<ZoneChangeJobData>) => {
      const { changeId } = job.data;
      const status = await this.applier.apply(changeId);
      if (!status) this.logger.warn(`zone change ${changeId} has no outbox row; nothing to apply`);
      return { changeId, status: status ?? 'MISSING' };
    },
  });

  constructor(private readonly applier: ZoneChangeApplier) {
    super();
  }
}
