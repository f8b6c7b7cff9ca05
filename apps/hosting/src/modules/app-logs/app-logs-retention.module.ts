import { DynamicModule, Module } from '@nestjs/common';
import type { Env } from '@platform/config';
import { QueueModule } from '@platform/queue';
import { HostingMaintenanceProcessor, HostingMaintenanceScheduler } from './app-logs-retention';
import { APP_LOG_SETTINGS, HostingMaintenanceQueue, loadAppLogSettings } from './app-logs.jobs';
import { AppLogsModule } from './app-logs.module';

/**
 * For the worker: the 7-day retention of runtime log lines, a repeatable job on queue
 * `hosting-maintenance` every HOSTING_LOG_RETENTION_EVERY_MS. Needs QueueModule.forRoot().
 */
@Module({})
export class AppLogsRetentionModule {
  static forRoot(env: Env = process.env): DynamicModule {
    return {
      module: AppLogsRetentionModule,
      imports: [AppLogsModule, QueueModule.registerQueues(HostingMaintenanceQueue)],
      providers: [
        { provide: APP_LOG_SETTINGS, useValue: loadAppLogSettings(env) },
        HostingMaintenanceProcessor,
        HostingMaintenanceScheduler,
      ],
    };
  }
}
