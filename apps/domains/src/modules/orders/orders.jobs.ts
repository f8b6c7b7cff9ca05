import { declareQueue } from '@platform/queue';
import type { OrderType } from './domain-order.entity';

/**
 * The queue of domain orders (one job per order, the order id as job id and operationId) and of
 * the renewal and expiry sweep.
 */
export const DomainsOrdersQueue = declareQueue({
  name: 'domains-orders',
  jobs: ['order.purchase', 'order.renew', 'order.transfer', 'renewal.sweep'],
});

export const ORDER_JOBS = {
  PURCHASE: 'order.purchase',
  RENEW: 'order.renew',
  TRANSFER: 'order.transfer',
} as const satisfies Record<OrderType, (typeof DomainsOrdersQueue.jobs)[number]>;

export const RENEWAL_SWEEP_JOB = 'renewal.sweep';
export const RENEWAL_SWEEP_SCHEDULER_ID = 'domains-renewal-sweep';

/** Orders run in parallel up to this many per worker process. */
export const ORDERS_CONCURRENCY = 8;
