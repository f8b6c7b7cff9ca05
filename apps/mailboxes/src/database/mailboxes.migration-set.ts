import type { MigrationSet } from '@platform/database';
import { MAILBOXES_ENTITIES } from './entities';
import { MAILBOXES_MIGRATIONS } from './migrations';

/** The mailboxes service owns schema `mailboxes`. */
export const MAILBOXES_MIGRATION_SET: MigrationSet = {
  schema: 'mailboxes',
  entities: MAILBOXES_ENTITIES,
  migrations: MAILBOXES_MIGRATIONS,
};
