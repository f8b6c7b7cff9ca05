import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { StoreEntity } from '../stores/store.entity';

/** The reads behind the visibility rule: stores of the businesses an account owns. */
@Injectable()
export class StoreAccessRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The store when `accountId` owns its business; null otherwise. */
  findVisibleStore(accountId: string, storeId: string): Promise<StoreEntity | null> {
    return this.manager
      .getRepository(StoreEntity)
      .createQueryBuilder('s')
      .innerJoin('s.business', 'b')
      .where('s.id = :storeId AND b.accountId = :accountId', { storeId, accountId })
      .getOne();
  }

  /** Ids of every store of the businesses `accountId` owns. */
  async findVisibleStoreIds(accountId: string): Promise<string[]> {
    const rows = await this.manager
      .getRepository(StoreEntity)
      .createQueryBuilder('s')
      .innerJoin('s.business', 'b')
      .select('s.id', 'id')
      .where('b.accountId = :accountId', { accountId })
      .getRawMany<{ id: string }>();
    return rows.map((r) => r.id);
  }
}
