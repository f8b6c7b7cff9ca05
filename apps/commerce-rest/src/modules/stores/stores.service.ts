import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SecretBox } from '@platform/crypto';
import type { StoreJoin } from './store-joins';
import { StoreRow, storeQuery, toStoreView } from './store-query';
import type { StoreView } from './store-view';
import { StoreErrors } from './stores.errors';

/** Reads the Store resource: the default field set, the government ids and the requested joins. */
@Injectable()
export class StoresService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  /** The store when `accountId` may see it, in one query; 404 STORE_NOT_FOUND otherwise. */
  async getStore(accountId: string, storeId: string, joins: readonly StoreJoin[] = []): Promise<StoreView> {
    const rows: StoreRow[] = await this.dataSource.query(storeQuery(joins), [storeId, accountId]);
    if (!rows.length) throw StoreErrors.storeNotFound();
    return toStoreView(rows[0], joins, this.box);
  }
}
