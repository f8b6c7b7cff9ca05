import type { MigrationSet } from '@platform/database';
import { AGENTS_ENTITIES } from './entities';
import { AGENTS_MIGRATIONS } from './migrations';

/** The agent registry owns schema `agents`. */
export const AGENTS_MIGRATION_SET: MigrationSet = {
  schema: 'agents',
  entities: AGENTS_ENTITIES,
  migrations: AGENTS_MIGRATIONS,
};
