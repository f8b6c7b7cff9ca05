import type { MigrationSet } from '@platform/database';
import { AccessTokenEntity } from './access-token.entity';
import { AccountEntity } from './account.entity';
import { CreateAccountsAndTokens1763780000000 } from './migrations/1763780000000-create-accounts-and-tokens';

/** Accounts and tokens live in schema `auth`, shared by every service through this lib only. */
export const AUTH_MIGRATION_SET: MigrationSet = {
  schema: 'auth',
  entities: [AccountEntity, AccessTokenEntity],
  migrations: [CreateAccountsAndTokens1763780000000],
};
