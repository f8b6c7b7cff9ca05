import type { MigrationSet } from '@platform/database';
import { DOMAINS_ENTITIES } from './entities';
import { DOMAINS_MIGRATIONS } from './migrations';

/** The domains service owns schema `domains`. */
export const DOMAINS_MIGRATION_SET: MigrationSet = {
  schema: 'domains',
  entities: DOMAINS_ENTITIES,
  migrations: DOMAINS_MIGRATIONS,
};
