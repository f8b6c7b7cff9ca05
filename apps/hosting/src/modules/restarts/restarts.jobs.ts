import { declareQueue } from '@platform/queue';

export const RUN_RESTART_JOB = 'restart.run';

/** The queue of restarts; each job carries the restart id as operationId (and job id). */
export const HostingRestartsQueue = declareQueue({
  name: 'hosting-restarts',
  jobs: [RUN_RESTART_JOB],
});

/** Restarts run in parallel up to this many per worker process (one variant's run one at a time). */
export const HOSTING_RESTARTS_CONCURRENCY = 2;
