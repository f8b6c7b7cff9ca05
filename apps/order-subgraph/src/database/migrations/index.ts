import { CreateOrders1795317000000 } from './1795317000000-create-orders';
import { OutboxSequence1795317000100 } from './1795317000100-outbox-sequence';
import { OrderStorefront1795317000200 } from './1795317000200-order-storefront';
import { OrderPlacementReference1795317000300 } from './1795317000300-order-placement-reference';

/** Every migration of schema `orders`, oldest first. Append new ones at the end. */
export const ORDERS_MIGRATIONS = [
  CreateOrders1795317000000,
  OutboxSequence1795317000100,
  OrderStorefront1795317000200,
  OrderPlacementReference1795317000300,
];
