import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MailboxEntity } from './mailbox.entity';

/**
 * Storage of mailboxes (`mailboxes.mailboxes`). Their creation and state changes are
 * OperationRunner's (libs/queue), which writes the operation rows of every service alike.
 */
@Injectable()
export class MailboxesRepository {
  constructor(private readonly manager: EntityManager) {}

  findInAccount(accountId: string, mailboxId: string): Promise<MailboxEntity | null> {
    return this.manager.getRepository(MailboxEntity).findOneBy({ id: mailboxId, accountId });
  }

  /**
   * Whether a COMPLETED mailbox other than `mailboxId` holds the address (case-insensitively),
   * along the partial unique index on lower(email_address) WHERE status = 'COMPLETED'.
   */
  async isAddressTakenByOther(emailAddress: string, mailboxId: string): Promise<boolean> {
    const [row] = (await this.manager.query(
      `SELECT EXISTS (SELECT 1 FROM mailboxes.mailboxes
                       WHERE lower(email_address) = lower($1) AND status = 'COMPLETED' AND id <> $2) AS taken`,
      [emailAddress, mailboxId],
    )) as { taken: boolean }[];
    return row.taken;
  }
}
