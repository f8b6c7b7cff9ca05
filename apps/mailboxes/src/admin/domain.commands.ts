import { CliError, UUID_FORMAT, defineCommand } from '@platform/cli';
import { DomainRegistry, normalizeDomain } from '../modules/domains/domain-registry.service';
import type { MailboxesAdminContext } from './admin-context';

/** `domain add --account ID --domain example.com` → {"domain","accountId"} (ARCHITECTURE.md §5). */
export const domainAdd = defineCommand({
  noun: 'domain',
  verb: 'add',
  flags: {
    account: { required: true, description: 'the account that owns the domain', format: UUID_FORMAT },
    domain: { required: true, description: 'a domain name such as example.com' },
  },
  async run(ctx: MailboxesAdminContext, flags) {
    const domain = normalizeDomain(flags.domain);
    if (!domain)
      throw new CliError('INVALID_FLAG_VALUE', '--domain must be a domain name such as example.com');
    const accountId = flags.account.toLowerCase();
    const outcome = await new DomainRegistry(ctx.dataSource).add(accountId, domain);
    if (outcome.kind === 'owned-by-another')
      throw new CliError('DOMAIN_ALREADY_OWNED', `the domain ${domain} is owned by another account`);
    return { domain, accountId };
  },
});
