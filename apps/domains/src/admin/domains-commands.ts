import type { CliCommand } from '@platform/cli';
import type { DomainsAdminContext } from './admin-context';
import { DOMAIN_COMMANDS } from './domain.commands';
import { PAYMENT_PROFILE_COMMANDS } from './payment-profile.commands';

/** The admin CLI nouns the domains service owns: domain, payment-profile. */
export const DOMAINS_COMMANDS = [
  ...DOMAIN_COMMANDS,
  ...PAYMENT_PROFILE_COMMANDS,
] as unknown as readonly CliCommand<never, DomainsAdminContext>[];
