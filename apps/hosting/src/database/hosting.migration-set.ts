import type { MigrationSet } from '@platform/database';
import { HOSTING_ENTITIES } from './entities';
import { HOSTING_MIGRATIONS } from './migrations';

/** The hosting service owns schema `hosting`. */
export const HOSTING_MIGRATION_SET: MigrationSet = {
  schema: 'hosting',
  entities: HOSTING_ENTITIES,
  migrations: HOSTING_MIGRATIONS,
};
