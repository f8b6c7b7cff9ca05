import type { CliCommand } from '@platform/cli';
import type { AdminContext } from './admin-context';
import { accountCreate } from './commands/account.commands';
import { tokenCreate, tokenRevoke } from './commands/token.commands';

/** The admin CLI's commands for accounts and tokens (other nouns live with their services). */
export const ADMIN_COMMANDS = [accountCreate, tokenCreate, tokenRevoke] as unknown as readonly CliCommand<
  never,
  AdminContext
>[];
