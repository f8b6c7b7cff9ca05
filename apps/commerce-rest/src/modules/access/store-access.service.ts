import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { StoreEntity } from '../stores/store.entity';
import { StoreErrors } from '../stores/stores.errors';

/**
 * The one rule of visibility in commerce: an account sees the stores of the businesses it owns.
 * Everything store-scoped (attributes, customers, transactions, channels) resolves its store here.
 */
@Injectable()
export class StoreAccessService {
  constructor(@InjectRepository(StoreEntity) private readonly stores: Repository<StoreEntity>) {}

  /** The store when `accountId` may see it; 404 STORE_NOT_FOUND otherwise (never 403). */
  async visibleStore(accountId: string, storeId: string): Promise<StoreEntity> {
    const store = await this.stores
      .createQueryBuilder('s')
      .innerJoin('s.business', 'b')
      .where('s.id = :storeId AND b.accountId = :accountId', { storeId, accountId })
      .getOne();
    if (!store) throw StoreErrors.storeNotFound();
    return store;
  }

  /** Ids of every store `accountId` may see (for filters such as channels). */
  async visibleStoreIds(accountId: string): Promise<string[]> {
    const rows = await this.stores
      .createQueryBuilder('s')
      .innerJoin('s.business', 'b')
      .select('s.id', 'id')
      .where('b.accountId = :accountId', { accountId })
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }
}
