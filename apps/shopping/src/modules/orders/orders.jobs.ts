import { declareQueue } from '@platform/queue';

/**
 * Queue `shopping-orders`: `order.provision` provisions a platform order's lines through their
 * owners (modules/provisioning; job id `order.provision.<orderId>`); `order.deliver-events`
 * delivers an order's pending events to the agent's webhook in sequence (modules/order-webhooks;
 * job id `order.deliver-events.<orderId>`, so one delivery per order runs at a time);
 * `order.confirm` sends the buyer's confirmation e-mail (modules/order-confirmations; job id
 * `order.confirm.<orderId>`). Each re-reads the order from the database: a job carries nothing
 * else but the order id. `orders.sweep` (job
 * scheduler `shopping-orders-sweep`, every minute) adds again what a lost or failed job left
 * undone (OrdersSweep).
 */
export const ShoppingOrdersQueue = declareQueue({
  name: 'shopping-orders',
  jobs: ['order.provision', 'order.deliver-events', 'order.confirm', 'orders.sweep'],
});

export const PROVISION_JOB = 'order.provision';
export const DELIVER_EVENTS_JOB = 'order.deliver-events';
export const CONFIRM_JOB = 'order.confirm';
export const SWEEP_JOB = 'orders.sweep';
export const SWEEP_SCHEDULER_ID = 'shopping-orders-sweep';
export const SWEEP_EVERY_MS = 60_000;

/** Jobs of the queue one worker runs at once (a webhook call may take its whole timeout). */
export const ORDER_JOBS_CONCURRENCY = 4;

export interface OrderJobData {
  /** The sweep's runs carry none (the scheduler adds them with empty data). */
  readonly orderId: string;
}

export type OrderJobName = typeof PROVISION_JOB | typeof DELIVER_EVENTS_JOB | typeof CONFIRM_JOB;
