import { CreateOrders1795317000000 } from './1795317000000-create-orders';

/** Every migration of schema `orders`, oldest first. Append new ones at the end. */
export const ORDERS_MIGRATIONS = [CreateOrders1795317000000];
