import { Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { CommerceTransactionsJobs } from './commerce-transactions.jobs';
import { CommerceTransactionsProcessor } from './commerce-transactions.processor';
import { TransactionRecorder } from './transaction-recorder.service';
import { TransactionsRepository } from './transactions.repository';

/**
 * The worker's side of transactions: consumes `commerce-transactions` and records each
 * transaction once. Needs QueueModule.forRoot() and ServiceKitModule (with the commerce migration
 * set) in the worker's root module.
 */
@Module({
  imports: [QueueModule.registerQueues(CommerceTransactionsJobs)],
  providers: [CommerceTransactionsProcessor, TransactionRecorder, TransactionsRepository],
})
export class CommerceTransactionsWorkerModule {}
