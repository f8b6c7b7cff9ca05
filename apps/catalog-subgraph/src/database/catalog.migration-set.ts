import type { MigrationSet } from '@platform/database';
import { CATALOG_ENTITIES } from './entities';
import { CATALOG_MIGRATIONS } from './migrations';

/** The catalog subgraph owns schema `catalog`. */
export const CATALOG_MIGRATION_SET: MigrationSet = {
  schema: 'catalog',
  entities: CATALOG_ENTITIES,
  migrations: CATALOG_MIGRATIONS,
};
