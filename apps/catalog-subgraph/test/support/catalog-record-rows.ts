import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { CatalogRecordEntity } from '../../src/modules/records/catalog-record.entity';

let tick = 0;

/**
 * A record of `kind` in the store, saved through `manager` for the records' repository specs:
 * ACTIVE, no parent, no data unless `extra` says; each one created a millisecond after the last.
 */
export function saveRecord(
  manager: EntityManager,
  storeId: string,
  kind: string,
  extra: Partial<CatalogRecordEntity> = {},
): Promise<CatalogRecordEntity> {
  const at = new Date(Date.UTC(2026, 0, 1) + tick++);
  return manager.getRepository(CatalogRecordEntity).save(
    Object.assign(new CatalogRecordEntity(), {
      id: randomUUID(),
      storeId,
      kind,
      name: `${kind.toLowerCase()} ${tick}`,
      label: null,
      code: null,
      status: 'ACTIVE',
      parentId: null,
      data: {},
      createdAt: at,
      updatedAt: at,
      archivedAt: null,
      ...extra,
    }),
  );
}
