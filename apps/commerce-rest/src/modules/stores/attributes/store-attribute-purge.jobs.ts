import { declareQueue } from '@platform/queue';

/** Retention of expired store attributes: one job, run by a job scheduler in the commerce worker. */
export const StoreAttributePurgeQueue = declareQueue({
  name: 'commerce-store-attribute-purge',
  jobs: ['purge-expired'],
});

export const STORE_ATTRIBUTE_PURGE_SCHEDULER_ID = 'commerce-store-attribute-purge-every-10-minutes';
/** How often expired store attributes are deleted (reads never depend on it: they filter on expiry). */
export const STORE_ATTRIBUTE_PURGE_EVERY_MS = 10 * 60 * 1000;
