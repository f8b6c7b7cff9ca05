import type { MigrationSet } from '@platform/database';
import { TAX_ENTITIES } from './entities';
import { TAX_MIGRATIONS } from './migrations';

/** The tax subgraph owns schema `tax`. */
export const TAX_MIGRATION_SET: MigrationSet = {
  schema: 'tax',
  entities: TAX_ENTITIES,
  migrations: TAX_MIGRATIONS,
};
