import { Module } from '@nestjs/common';
import { TransactionsController } from './transactions.controller';
import { TransactionsRepository } from './transactions.repository';
import { TransactionsService } from './transactions.service';

/** GET /v2/commerce/stores/{storeId}/transactions[/{transactionId}] (read side; the worker writes). */
@Module({
  controllers: [TransactionsController],
  providers: [TransactionsRepository, TransactionsService],
})
export class TransactionsModule {}
