import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { parseOrderPaymentRecorded } from '@platform/contracts';
import { JobDispatcherHost, PermanentFailure, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import { COMMERCE_TRANSACTIONS_CONCURRENCY, CommerceTransactionsJobs } from './commerce-transactions.jobs';
import { RecordedTransaction, TransactionRecorder } from './transaction-recorder.service';

/**
 * Consumes `commerce-transactions`: checks each payload against the contract and hands it to the
 * recorder. A payload that breaks the contract, or names a store that does not exist, fails the job
 * at once (UnrecoverableError: retrying cannot fix it); anything else (database down, parent not yet
 * recorded) is retried with the queue's backoff.
 */
@Processor(CommerceTransactionsJobs.name, {
  ...WorkerDefaults,
  concurrency: COMMERCE_TRANSACTIONS_CONCURRENCY,
})
export class CommerceTransactionsProcessor extends JobDispatcherHost<unknown> {
  private readonly logger = new Logger(CommerceTransactionsProcessor.name);

  protected readonly dispatcher = createJobDispatcher<'order-payment-recorded', unknown>(
    CommerceTransactionsJobs,
    { 'order-payment-recorded': (job) => this.orderPaymentRecorded(job) },
  );

  constructor(private readonly recorder: TransactionRecorder) {
    super();
  }

  private async orderPaymentRecorded(job: Job<unknown>): Promise<RecordedTransaction> {
    const parsed = parseOrderPaymentRecorded(job.data);
    if (!parsed.ok) {
      const reason = `invalid ${job.name} payload: ${parsed.problems.join('; ')}`;
      this.logger.warn(`job ${job.id ?? '?'} rejected: ${reason}`);
      throw new UnrecoverableError(reason);
    }
    const event = parsed.value;
    try {
      const recorded = await this.recorder.record(event);
      this.logger.log(
        recorded.created
          ? `event ${event.eventId} recorded as transaction ${recorded.transactionId} (store ${event.storeId})`
          : `event ${event.eventId} already recorded as transaction ${recorded.transactionId}; nothing written`,
      );
      return recorded;
    } catch (error) {
      if (!(error instanceof PermanentFailure)) throw error;
      this.logger.warn(`job ${job.id ?? '?'} rejected: ${error.code}: ${error.message}`);
      throw new UnrecoverableError(`${error.code}: ${error.message}`);
    }
  }
}
