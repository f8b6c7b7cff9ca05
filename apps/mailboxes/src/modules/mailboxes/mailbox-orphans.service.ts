import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { OperationRunner, OrphanScanner } from '@platform/queue';
import type { Queue } from 'bullmq';
import { MailboxEntity } from './mailbox.entity';
import { MailboxesQueue } from './mailboxes.jobs';

/** Re-adds the job of a mailbox left EXECUTING without one. */
@Injectable()
export class MailboxOrphansService extends OrphanScanner<MailboxEntity> {
  constructor(runner: OperationRunner, @InjectQueue(MailboxesQueue.name) queue: Queue) {
    super(runner, MailboxEntity, [queue]);
  }
}
