import { Injectable } from '@nestjs/common';
import { StoreAccessService } from '../access/store-access.service';
import type { TransactionEntity } from './transaction.entity';
import { TransactionErrors } from './transactions.errors';
import { TransactionFilter, TransactionsRepository } from './transactions.repository';

/**
 * Most transactions one list response holds. The spec's v2 lists take no limit or marker; a store
 * with more transactions than this gets them in several responses chained by links[rel=next]
 * (docs/commerce-transactions.md), so every response stays bounded in size and time.
 */
export const TRANSACTION_LIST_CAP = 1000;

export interface TransactionListFilter extends TransactionFilter {
  /** Continue after this transaction of the store (decoded pageToken). */
  readonly afterTransactionId?: string;
  /** Defaults to TRANSACTION_LIST_CAP. */
  readonly cap?: number;
}

export interface TransactionPage {
  readonly items: readonly TransactionEntity[];
  /** Set when more transactions match: the id the next page continues after. */
  readonly continueAfter?: string;
}

/** Reads a store's transactions for an account that may see the store. */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly access: StoreAccessService,
  ) {}

  async list(accountId: string, storeId: string, filter: TransactionListFilter): Promise<TransactionPage> {
    await this.access.visibleStore(accountId, storeId);
    const cap = filter.cap ?? TRANSACTION_LIST_CAP;
    let afterId: string | undefined;
    if (filter.afterTransactionId !== undefined) {
      afterId = await this.transactions.findIdInStore(storeId, filter.afterTransactionId);
      if (afterId === undefined) throw TransactionErrors.invalidPageToken();
    }
    const rows = await this.transactions.findPage(storeId, filter, afterId, cap + 1);
    if (rows.length <= cap) return { items: rows };
    const items = rows.slice(0, cap);
    return { items, continueAfter: items[items.length - 1].id };
  }

  async get(accountId: string, storeId: string, transactionId: string): Promise<TransactionEntity> {
    await this.access.visibleStore(accountId, storeId);
    const transaction = await this.transactions.findInStore(storeId, transactionId);
    if (!transaction) throw TransactionErrors.transactionNotFound();
    return transaction;
  }
}
