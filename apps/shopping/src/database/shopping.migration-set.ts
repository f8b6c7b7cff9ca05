import type { MigrationSet } from '@platform/database';
import { SHOPPING_ENTITIES } from './entities';
import { SHOPPING_MIGRATIONS } from './migrations';

/** The shopping service owns schema `shopping`. */
export const SHOPPING_MIGRATION_SET: MigrationSet = {
  schema: 'shopping',
  entities: SHOPPING_ENTITIES,
  migrations: SHOPPING_MIGRATIONS,
};
