import { Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { AppLogsModule } from '../app-logs/app-logs.module';
import { BuildPruner } from './build-pruner.service';
import { HostingMaintenanceQueue } from './hosting-maintenance.jobs';
import { HostingMaintenanceProcessor } from './hosting-maintenance.processor';
import { HostingMaintenanceScheduler } from './hosting-maintenance.scheduler';

/**
 * For the worker: repeatable jobs on queue `hosting-maintenance`: the 7-day retention of runtime
 * log lines (every HOSTING_LOG_RETENTION_EVERY_MS) and the removal of unused build directories and
 * uploads (every HOSTING_BUILD_PRUNE_EVERY_MS). Needs QueueModule.forRoot() and the worker's
 * HostingConfigModule (MAINTENANCE_SETTINGS, IMPORT_SETTINGS).
 */
@Module({
  imports: [AppLogsModule, QueueModule.registerQueues(HostingMaintenanceQueue)],
  providers: [BuildPruner, HostingMaintenanceProcessor, HostingMaintenanceScheduler],
})
export class HostingMaintenanceModule {}
