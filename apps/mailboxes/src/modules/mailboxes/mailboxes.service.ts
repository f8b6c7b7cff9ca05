import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { OperationRunner } from '@platform/queue';
import type { Queue } from 'bullmq';
import { agreementsOf, displayNameOf, mailboxTypeOf } from './mailbox-rules';
import { MailboxEntity } from './mailbox.entity';
import { MailboxesErrors } from './mailboxes.errors';
import { MailboxesQueue, PROVISION_JOB } from './mailboxes.jobs';
import { MailboxesRepository } from './mailboxes.repository';
import type { CreateMailboxRequest } from './mailboxes.request';

@Injectable()
export class MailboxesService {
  constructor(
    private readonly runner: OperationRunner,
    @InjectQueue(MailboxesQueue.name) private readonly queue: Queue,
    private readonly mailboxes: MailboxesRepository,
  ) {}

  /** Records the mailbox in EXECUTING and enqueues its provisioning (OperationRunner). */
  async create(callerAccountId: string, request: CreateMailboxRequest): Promise<MailboxEntity> {
    if (request.accountId.toLowerCase() !== callerAccountId.toLowerCase())
      throw MailboxesErrors.accountNotFound();
    // The insert returns the database's createdAt/updatedAt into the record (TypeORM fills
    // generated columns from RETURNING), so the answer needs no read-back.
    return this.runner.start({
      entity: MailboxEntity,
      queue: this.queue,
      jobName: PROVISION_JOB,
      data: {
        accountId: callerAccountId,
        emailAddress: request.emailAddress,
        mailboxType: mailboxTypeOf(request.consents),
        firstName: request.firstName,
        lastName: request.lastName,
        displayName: displayNameOf(request.firstName, request.lastName),
        agreements: agreementsOf(request.consents),
      },
    });
  }

  async get(accountId: string, mailboxId: string): Promise<MailboxEntity> {
    const mailbox = await this.mailboxes.findInAccount(accountId, mailboxId);
    if (!mailbox) throw MailboxesErrors.mailboxNotFound();
    return mailbox;
  }
}
