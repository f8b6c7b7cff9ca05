import { declareQueue } from '@platform/queue';

/** The retention queue: one job, run by a job scheduler every hour. */
export const IdempotencyPurgeQueue = declareQueue({ name: 'idempotency-purge', jobs: ['purge-expired'] });

export const IDEMPOTENCY_PURGE_SCHEDULER_ID = 'idempotency-purge-hourly';
export const IDEMPOTENCY_PURGE_EVERY_MS = 3_600_000;
