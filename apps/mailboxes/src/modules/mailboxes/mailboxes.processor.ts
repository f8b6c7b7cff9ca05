import { Processor } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { JobDispatcherHost, OperationRunner, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import type { OperationJobData, OperationOutcome } from '@platform/queue';
import type { Job } from 'bullmq';
import { MAILBOX_PROVIDER } from './mailbox-provider';
import type { MailboxProvider } from './mailbox-provider';
import { MailboxEntity } from './mailbox.entity';
import { MAILBOXES_CONCURRENCY, MailboxesQueue } from './mailboxes.jobs';

/** Consumes `mailboxes`: runs the provider for the mailbox exactly once (OperationRunner). */
@Processor(MailboxesQueue.name, { ...WorkerDefaults, concurrency: MAILBOXES_CONCURRENCY })
export class MailboxesProcessor extends JobDispatcherHost {
  protected readonly dispatcher = createJobDispatcher(MailboxesQueue, {
    'mailbox.provision': (job) => this.provision(job),
  });

  constructor(
    private readonly runner: OperationRunner,
    @Inject(MAILBOX_PROVIDER) private readonly provider: MailboxProvider,
  ) {
    super();
  }

  private provision(job: Job<OperationJobData>): Promise<OperationOutcome> {
    return this.runner.execute(MailboxEntity, job, ({ record }) => this.provider.provision(record));
  }
}
