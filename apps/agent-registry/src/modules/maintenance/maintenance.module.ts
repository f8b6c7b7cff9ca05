import { Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { AgentsRepository } from '../agents/agents.repository';
import { EventsCoreModule } from '../events/events.module';
import { PkiCoreModule } from '../pki/pki.module';
import { ZoneChangesWorkerModule } from '../zone-changes/zone-changes.module';
import { AgentsMaintenanceQueue } from './maintenance.jobs';
import { MaintenanceProcessor } from './maintenance.processor';
import { MaintenanceScheduler } from './maintenance.scheduler';

/** For the worker: schedules and runs the maintenance jobs. Needs QueueModule.forRoot(). */
@Module({
  imports: [
    EventsCoreModule,
    PkiCoreModule,
    QueueModule.registerQueues(AgentsMaintenanceQueue),
    ZoneChangesWorkerModule,
  ],
  providers: [AgentsRepository, MaintenanceProcessor, MaintenanceScheduler],
})
export class MaintenanceModule {}
