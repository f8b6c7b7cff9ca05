import { CliError, UUID_FORMAT, defineCommand } from '@platform/cli';
import { normalizeDomainName } from '../modules/domains/domain-name';
import { addDomainDirectly } from '../modules/domains/domain-registrations';
import { DomainsRepository } from '../modules/domains/domains.repository';
import type { DomainsAdminContext } from './admin-context';

/**
 * `domain add --account ID --domain example.com` → {"domain","accountId"} (ARCHITECTURE.md §5):
 * the domain ACTIVE for the account at once, with the registry's default name servers, no order
 * and no payment. The same account again answers the same; another account's domain is refused.
 */
export const domainAdd = defineCommand({
  noun: 'domain',
  verb: 'add',
  flags: {
    account: { required: true, description: 'the account that owns the domain', format: UUID_FORMAT },
    domain: { required: true, description: 'a domain name such as example.com' },
  },
  async run(ctx: DomainsAdminContext, flags) {
    const domain = normalizeDomainName(flags.domain);
    if (!domain)
      throw new CliError('INVALID_FLAG_VALUE', '--domain must be a domain name such as example.com');
    const accountId = flags.account.toLowerCase();
    const outcome = await addDomainDirectly(
      new DomainsRepository(ctx.dataSource.manager),
      accountId,
      domain,
      ctx.registry.defaultNameServers,
    );
    if (outcome.kind === 'owned-by-another')
      throw new CliError('DOMAIN_ALREADY_OWNED', `the domain ${domain} is owned by another account`);
    return { domain, accountId };
  },
});

export const DOMAIN_COMMANDS = [domainAdd] as const;
