import { PermanentFailure } from '@platform/queue';
import type { OperationCommit } from '@platform/queue';
import { DataSource } from 'typeorm';
import { MailboxEntity } from './mailbox.entity';
import { MailboxFailureCode } from './mailboxes.errors';

/**
 * Where a mailbox is actually provisioned. Called by the worker once per attempt for a mailbox in
 * EXECUTING; throws PermanentFailure(code) for a reason retrying cannot fix (the mailbox becomes
 * FAILED with that code), any other error to be retried. What it returns is committed in the
 * transaction that moves the mailbox to COMPLETED, so it is applied exactly once.
 */
export interface MailboxProvider {
  provision(mailbox: MailboxEntity): Promise<OperationCommit | void>;
}

export const MAILBOX_PROVIDER = Symbol('MAILBOX_PROVIDER');

export function domainOf(emailAddress: string): string {
  return emailAddress.slice(emailAddress.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * The default provider, on the service's own tables: the address's domain must be owned by the
 * mailbox's account, and no COMPLETED mailbox may hold the address (also enforced by the unique
 * index `mailboxes_completed_email_key`, which settles two provisionings racing for one address:
 * the loser's COMPLETED update fails, its retry finds the address taken).
 *
 * Both checks are one statement (one round trip): on this platform a job's time is mostly its
 * round trips to PostgreSQL, not the statements' own work (docs/performance.md).
 */
export class DatabaseMailboxProvider implements MailboxProvider {
  constructor(private readonly dataSource: DataSource) {}

  async provision(mailbox: MailboxEntity): Promise<void> {
    const domain = domainOf(mailbox.emailAddress);
    // `taken` uses the partial unique index on lower(email_address) WHERE status = 'COMPLETED'.
    const [row] = (await this.dataSource.query(
      `SELECT (SELECT account_id FROM mailboxes.domains WHERE domain = $1) AS owner,
              EXISTS (SELECT 1 FROM mailboxes.mailboxes
                       WHERE lower(email_address) = lower($2) AND status = 'COMPLETED' AND id <> $3) AS taken`,
      [domain, mailbox.emailAddress, mailbox.id],
    )) as { owner: string | null; taken: boolean }[];
    if (row.owner !== mailbox.accountId)
      throw new PermanentFailure(
        MailboxFailureCode.DOMAIN_NOT_OWNED,
        `the domain ${domain} is not owned by account ${mailbox.accountId}`,
      );
    if (row.taken)
      throw new PermanentFailure(
        MailboxFailureCode.ADDRESS_TAKEN,
        `the address ${mailbox.emailAddress} already exists`,
      );
  }
}
