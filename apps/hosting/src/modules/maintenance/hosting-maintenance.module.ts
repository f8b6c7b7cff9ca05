import { DynamicModule, Module } from '@nestjs/common';
import type { Env } from '@platform/config';
import { QueueModule } from '@platform/queue';
import { AppLogsModule } from '../app-logs/app-logs.module';
import { IMPORT_SETTINGS, loadImportSettings } from '../imports/import-settings';
import { BuildPruner } from './build-pruner';
import { HostingMaintenanceProcessor, HostingMaintenanceScheduler } from './hosting-maintenance.processor';
import {
  HostingMaintenanceQueue,
  MAINTENANCE_SETTINGS,
  loadMaintenanceSettings,
} from './hosting-maintenance.jobs';

/**
 * For the worker: repeatable jobs on queue `hosting-maintenance`: the 7-day retention of runtime
 * log lines (every HOSTING_LOG_RETENTION_EVERY_MS) and the removal of unused build directories and
 * uploads (every HOSTING_BUILD_PRUNE_EVERY_MS). Needs QueueModule.forRoot().
 */
@Module({})
export class HostingMaintenanceModule {
  static forRoot(env: Env = process.env): DynamicModule {
    return {
      module: HostingMaintenanceModule,
      imports: [AppLogsModule, QueueModule.registerQueues(HostingMaintenanceQueue)],
      providers: [
        { provide: MAINTENANCE_SETTINGS, useValue: loadMaintenanceSettings(env) },
        { provide: IMPORT_SETTINGS, useFactory: () => loadImportSettings(env) },
        BuildPruner,
        HostingMaintenanceProcessor,
        HostingMaintenanceScheduler,
      ],
    };
  }
}
