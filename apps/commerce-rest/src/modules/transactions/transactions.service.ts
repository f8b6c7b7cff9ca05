import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { StoreAccessService } from '../access/store-access.service';
import { TransactionEntity } from './transaction.entity';
import { TransactionErrors } from './transactions.errors';

/**
 * Most transactions one list response holds. The spec's v2 lists take no limit or marker; a store
 * with more transactions than this gets them in several responses chained by links[rel=next]
 * (docs/commerce-transactions.md), so every response stays bounded in size and time.
 */
export const TRANSACTION_LIST_CAP = 1000;

export interface TransactionListFilter {
  readonly transactionIds?: readonly string[];
  /** Exclusive bounds on updatedAt. */
  readonly updatedAfter?: Date;
  readonly updatedBefore?: Date;
  readonly sortOrder: 'ASC' | 'DESC';
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
    @InjectRepository(TransactionEntity) private readonly transactions: Repository<TransactionEntity>,
    private readonly access: StoreAccessService,
  ) {}

  async list(accountId: string, storeId: string, filter: TransactionListFilter): Promise<TransactionPage> {
    await this.access.visibleStore(accountId, storeId);
    const cap = filter.cap ?? TRANSACTION_LIST_CAP;
    const direction = filter.sortOrder;
    const query = this.transactions.createQueryBuilder('t').where('t.store_id = :storeId', { storeId });
    if (filter.transactionIds !== undefined)
      query.andWhere('t.id = ANY(:ids)', { ids: [...new Set(filter.transactionIds)] });
    if (filter.updatedAfter) query.andWhere('t.updated_at > :after', { after: filter.updatedAfter });
    if (filter.updatedBefore) query.andWhere('t.updated_at < :before', { before: filter.updatedBefore });
    if (filter.afterTransactionId !== undefined) {
      const cursor = await this.transactions
        .createQueryBuilder('c')
        .select('c.id', 'id')
        .where('c.id = :id AND c.store_id = :storeId', { id: filter.afterTransactionId, storeId })
        .getRawOne<{ id: string }>();
      if (!cursor) throw TransactionErrors.invalidPageToken();
      // Compared on the stored values (microseconds), never on a rounded copy in JavaScript.
      query.andWhere(
        `(t.created_at, t.id) ${direction === 'ASC' ? '>' : '<'} ` +
          `(SELECT c.created_at, c.id FROM commerce.transactions c WHERE c.id = :cursorId)`,
        { cursorId: cursor.id },
      );
    }
    const rows = await query
      .orderBy('t.created_at', direction)
      .addOrderBy('t.id', direction)
      .limit(cap + 1)
      .getMany();
    if (rows.length <= cap) return { items: rows };
    const items = rows.slice(0, cap);
    return { items, continueAfter: items[items.length - 1].id };
  }

  async get(accountId: string, storeId: string, transactionId: string): Promise<TransactionEntity> {
    await this.access.visibleStore(accountId, storeId);
    const transaction = await this.transactions
      .createQueryBuilder('t')
      .where('t.id = :transactionId AND t.store_id = :storeId', { transactionId, storeId })
      .getOne();
    if (!transaction) throw TransactionErrors.transactionNotFound();
    return transaction;
  }
}
