import type { TaxRecordsRepository } from './tax-records.repository';
import type { StoreScopedRow } from '@platform/commerce-graphql';

/** Reads shared by the services of jurisdictions, rates, classifications and overrides. */
export abstract class TaxRecordsService<E extends StoreScopedRow, R extends TaxRecordsRepository<E>> {
  protected constructor(readonly rows: R) {}

  get(storeId: string, id: string): Promise<E> {
    return this.rows.get(storeId, id);
  }

  byIds(storeId: string, ids: readonly string[]): Promise<Map<string, E>> {
    return this.rows.byIds(storeId, ids);
  }
}
