import { CliError, UUID_FORMAT, defineCommand } from '@platform/cli';
import { parseScopeList } from '@platform/scopes';
import type { AdminContext } from '../admin-context';

export const tokenCreate = defineCommand({
  noun: 'token',
  verb: 'create',
  flags: {
    account: { required: true, description: 'account id', format: UUID_FORMAT },
    scopes: { required: true, description: 'comma-separated scopes' },
    'expires-in': {
      description: 'lifetime in seconds',
      format: { pattern: /^\d{1,9}$/, name: 'a number of seconds' },
    },
  },
  async run(ctx: AdminContext, flags) {
    const { scopes, unknown } = parseScopeList(flags.scopes);
    if (unknown.length) throw new CliError('UNKNOWN_SCOPE', `unknown scopes: ${unknown.join(', ')}`);
    const expiresIn = flags['expires-in'] === undefined ? undefined : Number(flags['expires-in']);
    return ctx.tokens.issue({ accountId: flags.account, scopes, expiresInSeconds: expiresIn });
  },
});

export const tokenRevoke = defineCommand({
  noun: 'token',
  verb: 'revoke',
  flags: { id: { required: true, description: 'token id', format: UUID_FORMAT } },
  run: (ctx: AdminContext, flags) => ctx.tokens.revoke(flags.id),
});
