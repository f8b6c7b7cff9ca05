import { defineCommand } from '@platform/cli';
import type { AdminContext } from '../admin-context';

export const accountCreate = defineCommand({
  noun: 'account',
  verb: 'create',
  flags: { name: { description: 'display name of the account, 1 to 200 characters' } },
  run: (ctx: AdminContext, flags) => ctx.tokens.createAccount(flags.name),
});
