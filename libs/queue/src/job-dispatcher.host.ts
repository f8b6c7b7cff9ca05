import { WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobDispatcher } from './job-dispatcher';
import type { OperationJobData } from './operation-job';

/**
 * Base of a `@Processor(queue.name, WorkerDefaults)` class: it switches on job.name through its
 * dispatcher and does nothing else. Build the dispatcher in a field initializer or the constructor,
 * so a missing handler throws while Nest instantiates the processor and the worker does not boot:
 *
 *   protected readonly dispatcher = createJobDispatcher(MailboxQueue, {
 *     'mailbox.provision': (job) => this.mailboxes.provision(job),
 *   });
 */
export abstract class JobDispatcherHost<D = OperationJobData> extends WorkerHost {
  protected abstract readonly dispatcher: JobDispatcher<D>;

  override process(job: Job<D>): Promise<unknown> {
    return this.dispatcher.dispatch(job);
  }
}
