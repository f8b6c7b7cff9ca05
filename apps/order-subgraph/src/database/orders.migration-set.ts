import type { MigrationSet } from '@platform/database';
import { ORDERS_ENTITIES } from './entities';
import { ORDERS_MIGRATIONS } from './migrations';

/** The order subgraph owns schema `orders`. */
export const ORDERS_MIGRATION_SET: MigrationSet = {
  schema: 'orders',
  entities: ORDERS_ENTITIES,
  migrations: ORDERS_MIGRATIONS,
};
