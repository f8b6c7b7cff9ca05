import type { CliCommand } from '@platform/cli';
import type { MailboxesAdminContext } from './admin-context';
import { domainAdd } from './domain.commands';

/** The admin CLI nouns mailboxes owns: domain. */
export const MAILBOXES_COMMANDS = [domainAdd] as unknown as readonly CliCommand<
  never,
  MailboxesAdminContext
>[];
