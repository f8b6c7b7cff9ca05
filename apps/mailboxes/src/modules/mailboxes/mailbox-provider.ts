import type { DomainOwner } from '@platform/domains-client';
import { DomainsRejectedError } from '@platform/domains-client';
import { PermanentFailure } from '@platform/queue';
import type { OperationCommit } from '@platform/queue';
import { MailboxEntity } from './mailbox.entity';
import { MailboxFailureCode } from './mailboxes.errors';
import type { MailboxesRepository } from './mailboxes.repository';

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

/** Who holds a domain: the domains service (libs/domains-client's DomainsClient). */
export interface DomainOwners {
  ownerOf(domain: string): Promise<DomainOwner | undefined>;
}

export function domainOf(emailAddress: string): string {
  return emailAddress.slice(emailAddress.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * The default provider. The address's domain must be the mailbox account's and ACTIVE, as the
 * domains service (the one owner of domains) says; no COMPLETED mailbox may hold the address (a
 * local check, also enforced by the unique index `mailboxes_completed_email_key`, which settles two
 * provisionings racing for one address: the loser's COMPLETED update fails, its retry finds the
 * address taken).
 *
 * The domains service not answering (DomainsUnavailableError: network, timeout, 5xx) is thrown as
 * it is, so the job is retried with the queue's backoff; a domain it refuses to look up (400: not
 * a domain name) is one no account can hold.
 */
export class DefaultMailboxProvider implements MailboxProvider {
  constructor(
    private readonly mailboxes: MailboxesRepository,
    private readonly domains: DomainOwners,
  ) {}

  async provision(mailbox: MailboxEntity): Promise<void> {
    const domain = domainOf(mailbox.emailAddress);
    const owner = await this.ownerOf(domain);
    if (owner?.accountId.toLowerCase() !== mailbox.accountId.toLowerCase() || owner.status !== 'ACTIVE')
      throw new PermanentFailure(
        MailboxFailureCode.DOMAIN_NOT_OWNED,
        `the domain ${domain} is not an ACTIVE domain of account ${mailbox.accountId}`,
      );
    if (await this.mailboxes.isAddressTakenByOther(mailbox.emailAddress, mailbox.id))
      throw new PermanentFailure(
        MailboxFailureCode.ADDRESS_TAKEN,
        `the address ${mailbox.emailAddress} already exists`,
      );
  }

  private async ownerOf(domain: string): Promise<DomainOwner | undefined> {
    try {
      return await this.domains.ownerOf(domain);
    } catch (e) {
      if (e instanceof DomainsRejectedError && e.status === 400) return undefined;
      throw e;
    }
  }
}
