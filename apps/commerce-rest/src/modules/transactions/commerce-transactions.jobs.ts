import { CommerceTransactionsQueue } from '@platform/contracts';
import { declareQueue } from '@platform/queue';

/** The queue the commerce worker consumes; its contract (names, payload) is in @platform/contracts. */
export const CommerceTransactionsJobs = declareQueue(CommerceTransactionsQueue);

/** Jobs of one queue run in parallel up to this many per worker process (inserts are independent). */
export const COMMERCE_TRANSACTIONS_CONCURRENCY = 8;
