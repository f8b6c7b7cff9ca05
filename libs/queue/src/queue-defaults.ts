import type { JobsOptions, WorkerOptions } from 'bullmq';

const HOUR_S = 3600;

/**
 * Retry, backoff and retention of every job, unless a queue says otherwise. Backoff runs
 * 1s, 2s, 4s, 8s between the five attempts, so a blip of Redis, Postgres or a provider of up to
 * about 15 s is absorbed. Ages are in seconds (BullMQ KeepJobs); failed jobs stay a week for
 * inspection.
 */
export const QueueDefaults = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * HOUR_S, count: 1000 },
  removeOnFail: { age: 7 * 24 * HOUR_S },
} as const satisfies JobsOptions;

/**
 * Lock and stall settings of every worker. A worker renews its job lock every lockDuration/2;
 * when the process dies (OOM kill, node eviction) the lock lapses and another worker's stalled
 * check (every stalledInterval) puts the job back to wait, so a lost job resumes within about
 * lockDuration + stalledInterval (≤ 60 s). maxStalledCount 2 lets a job survive two lost
 * workers, as a rolling update plus an eviction can cause; a job that kills its worker a third time
 * is failed by BullMQ, and `OperationRunner.recoverOrphans` then marks its record FAILED.
 * Handlers that block the event loop longer than lockDuration lose their lock: keep CPU-heavy
 * work in a child process.
 */
export const WorkerDefaults = {
  lockDuration: 30_000,
  stalledInterval: 30_000,
  maxStalledCount: 2,
} as const satisfies Partial<WorkerOptions>;
