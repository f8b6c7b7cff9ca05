import { WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Inject, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { DrainState } from '@platform/observability';
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
 *
 * Graceful stop: on SIGTERM (DrainState) the worker takes no new job and `worker.close()` waits for
 * the active ones; the process stops only after that, and before the database and Redis clients
 * close (beforeApplicationShutdown runs before Nest's onApplicationShutdown hooks).
 */
export abstract class JobDispatcherHost<D = OperationJobData>
  extends WorkerHost
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  protected abstract readonly dispatcher: JobDispatcher<D>;

  @Optional()
  @Inject(DrainState)
  private readonly drainState?: DrainState;

  override process(job: Job<D>, token?: string): Promise<unknown> {
    return this.dispatcher.dispatch(job, token);
  }

  onApplicationBootstrap(): void {
    this.drainState?.onDrain(`queue ${this.dispatcher.queueName}`, () => this.closeWorker());
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.closeWorker();
  }

  /** Stops fetching jobs and resolves once the active ones are done (BullMQ's close is idempotent). */
  private closeWorker(): Promise<void> {
    try {
      return this.worker.close();
    } catch {
      return Promise.resolve(); // no worker was created (the processor never registered)
    }
  }
}
