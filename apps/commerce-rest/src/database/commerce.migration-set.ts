import type { MigrationSet } from '@platform/database';
import { COMMERCE_ENTITIES } from './entities';
import { COMMERCE_MIGRATIONS } from './migrations';

/** The commerce service owns schema `commerce`. */
export const COMMERCE_MIGRATION_SET: MigrationSet = {
  schema: 'commerce',
  entities: COMMERCE_ENTITIES,
  migrations: COMMERCE_MIGRATIONS,
};
