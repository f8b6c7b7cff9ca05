import { declareQueue } from '@platform/queue';

export const PURGE_APP_LOGS_JOB = 'purge-app-logs';
export const PRUNE_BUILDS_JOB = 'prune-builds';

/**
 * The hosting worker's repeatable housekeeping: delete runtime log lines past their 7 days, and
 * remove build directories and uploads nothing uses any more.
 */
export const HostingMaintenanceQueue = declareQueue({
  name: 'hosting-maintenance',
  jobs: [PURGE_APP_LOGS_JOB, PRUNE_BUILDS_JOB],
});

/** Fixed job scheduler ids: one schedule each however many workers start. */
export const PURGE_APP_LOGS_SCHEDULER = 'hosting-purge-app-logs';
export const PRUNE_BUILDS_SCHEDULER = 'hosting-prune-builds';

/** Read once at worker start by config/hosting.config.ts, injected as MAINTENANCE_SETTINGS. */
export interface MaintenanceSettings {
  /** How often the worker purges expired log lines (HOSTING_LOG_RETENTION_EVERY_MS). */
  readonly retentionEveryMs: number;
  /** How often the worker removes unused build directories and uploads (HOSTING_BUILD_PRUNE_EVERY_MS). */
  readonly pruneEveryMs: number;
}

export const MAINTENANCE_SETTINGS = Symbol('MAINTENANCE_SETTINGS');
