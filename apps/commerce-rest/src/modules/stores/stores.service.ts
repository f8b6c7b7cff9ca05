import { Injectable } from '@nestjs/common';
import { SecretBox } from '@platform/crypto';
import type { StoreJoin } from './store-joins';
import { StoreView, toStoreView } from './store-view';
import { StoreErrors } from './stores.errors';
import { StoresRepository } from './stores.repository';

/** Reads the Store resource: the default field set, the government ids and the requested joins. */
@Injectable()
export class StoresService {
  constructor(
    private readonly stores: StoresRepository,
    private readonly box: SecretBox,
  ) {}

  /** The store when `accountId` may see it, in one query; 404 STORE_NOT_FOUND otherwise. */
  async getStore(accountId: string, storeId: string, joins: readonly StoreJoin[] = []): Promise<StoreView> {
    const row = await this.stores.findStoreForAccount(storeId, accountId, joins);
    if (!row) throw StoreErrors.storeNotFound();
    return toStoreView(row, joins, this.box);
  }
}
