import { PermanentFailure } from '@platform/queue';
import type { OperationCommit } from '@platform/queue';
import { DataSource } from 'typeorm';
import { DomainRegistry } from '../domains/domain-registry.service';
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
 */
export class DatabaseMailboxProvider implements MailboxProvider {
  private readonly domains: DomainRegistry;

  constructor(private readonly dataSource: DataSource) {
    this.domains = new DomainRegistry(dataSource);
  }

  async provision(mailbox: MailboxEntity): Promise<void> {
    const domain = domainOf(mailbox.emailAddress);
    if ((await this.domains.ownerOf(domain)) !== mailbox.accountId)
      throw new PermanentFailure(
        MailboxFailureCode.DOMAIN_NOT_OWNED,
        `the domain ${domain} is not owned by account ${mailbox.accountId}`,
      );
    const taken = await this.dataSource
      .getRepository(MailboxEntity)
      .createQueryBuilder('m')
      .where('lower(m.emailAddress) = lower(:email)', { email: mailbox.emailAddress })
      .andWhere("m.status = 'COMPLETED'")
      .andWhere('m.id <> :id', { id: mailbox.id })
      .getExists();
    if (taken)
      throw new PermanentFailure(
        MailboxFailureCode.ADDRESS_TAKEN,
        `the address ${mailbox.emailAddress} already exists`,
      );
  }
}
