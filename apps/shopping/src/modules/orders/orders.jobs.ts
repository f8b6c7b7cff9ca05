import { declareQueue } from '@platform/queue';

/**
 * Queue `shopping-orders`: `order.provision` provisions a platform order's lines through their
 * owners (job id = order id); `order.deliver-events` delivers an order's pending events to the
 * agent's webhook in sequence (job id = order id, so one delivery per order runs at a time).
 * Both re-read the order from the database: a job carries nothing else but the order id.
 */
export const ShoppingOrdersQueue = declareQueue({
  name: 'shopping-orders',
  jobs: ['order.provision', 'order.deliver-events'],
});

export const PROVISION_JOB = 'order.provision';
export const DELIVER_EVENTS_JOB = 'order.deliver-events';

export interface OrderJobData {
  readonly orderId: string;
}
