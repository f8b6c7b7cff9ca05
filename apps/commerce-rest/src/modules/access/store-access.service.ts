import { Injectable } from '@nestjs/common';
import type { StoreEntity } from '../stores/store.entity';
import { StoreErrors } from '../stores/stores.errors';
import { StoreAccessRepository } from './store-access.repository';

/**
 * The one rule of visibility in commerce: an account sees the stores of the businesses it owns.
 * Everything store-scoped (attributes, customers, transactions, channels) resolves its store here.
 */
@Injectable()
export class StoreAccessService {
  constructor(private readonly stores: StoreAccessRepository) {}

  /** The store when `accountId` may see it; 404 STORE_NOT_FOUND otherwise (never 403). */
  async visibleStore(accountId: string, storeId: string): Promise<StoreEntity> {
    const store = await this.stores.findVisibleStore(accountId, storeId);
    if (!store) throw StoreErrors.storeNotFound();
    return store;
  }

  /** Ids of every store `accountId` may see (for filters such as channels). */
  visibleStoreIds(accountId: string): Promise<string[]> {
    return this.stores.findVisibleStoreIds(accountId);
  }
}
