import { declareQueue } from '@platform/queue';
import { Env, envInteger } from '@platform/config';

/** The hosting worker's repeatable housekeeping: delete runtime log lines past their 7 days. */
export const HostingMaintenanceQueue = declareQueue({
  name: 'hosting-maintenance',
  jobs: ['purge-app-logs'],
});

/** Fixed job scheduler id: one schedule however many workers start. */
export const PURGE_APP_LOGS_SCHEDULER = 'hosting-purge-app-logs';

export interface AppLogSettings {
  /** How often the worker purges expired log lines (HOSTING_LOG_RETENTION_EVERY_MS). */
  readonly retentionEveryMs: number;
}

export const APP_LOG_SETTINGS = Symbol('APP_LOG_SETTINGS');

export function loadAppLogSettings(env: Env = process.env): AppLogSettings {
  return {
    retentionEveryMs: envInteger(env, 'HOSTING_LOG_RETENTION_EVERY_MS', 3_600_000, 100, 86_400_000),
  };
}
