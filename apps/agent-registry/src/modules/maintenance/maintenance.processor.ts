import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { AgentsRepository } from '../agents/agents.repository';
import { AgentEventLog } from '../events/agent-event-log.service';
import { CrlService } from '../pki/crl.service';
import { ZoneChangeSweep } from '../zone-changes/zone-change-sweep.service';
import { AgentsMaintenanceQueue } from './maintenance.jobs';

/** Runs the registry's maintenance jobs; each is idempotent and safe to run concurrently. */
@Processor(AgentsMaintenanceQueue.name, WorkerDefaults)
export class MaintenanceProcessor extends JobDispatcherHost {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  protected readonly dispatcher = createJobDispatcher(AgentsMaintenanceQueue, {
    'expire-pending': async () => {
      const expired = await this.agents.expirePending(new Date());
      if (expired > 0) this.logger.log(`expired ${expired} pending registrations`);
      return { expired };
    },
    'purge-events': async () => {
      const deleted = await this.events.purgeExpired(new Date());
      if (deleted > 0) this.logger.log(`purged ${deleted} expired agent events`);
      return { deleted };
    },
    'refresh-crl': async () => ({ reissued: await this.crl.refreshIfDue(new Date()) }),
    'requeue-zone-changes': async () => {
      const requeued = await this.zoneChanges.requeueStale();
      if (requeued.length > 0) this.logger.warn(`requeued ${requeued.length} pending zone changes`);
      return { requeued: requeued.length };
    },
  });

  constructor(
    private readonly agents: AgentsRepository,
    private readonly events: AgentEventLog,
    private readonly crl: CrlService,
    private readonly zoneChanges: ZoneChangeSweep,
  ) {
    super();
  }
}
