import { randomUUID } from 'node:crypto';
import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { saveRecord } from '../../../test/support/catalog-record-rows';
import { CATALOG_MIGRATION_SET } from '../../database/catalog.migration-set';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogReferenceEntity } from './catalog-reference.entity';
import { CatalogReferencesRepository } from './catalog-references.repository';

// Medium tier (docs/testing.md): the references' statements against the real migrated schema.
describe('CatalogReferencesRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let references: CatalogReferencesRepository;

  beforeAll(async () => {
    t = await openTestDataSource('catalog-references-repository', [CATALOG_MIGRATION_SET]);
    references = new CatalogReferencesRepository(t.dataSource.manager);
  });

  afterAll(() => t?.close());

  const stored = async (ownerId: string) =>
    (await t.dataSource.getRepository(CatalogReferenceEntity).findBy({ ownerId }))
      .map((r) => ({ name: r.name, value: r.value, createdAt: r.createdAt }))
      .sort((a, b) => a.name.localeCompare(b.name));

  it("adds new names, replaces the value of the owner's existing ones (created_at kept), and deletes by name", async () => {
    const storeId = randomUUID();
    const owner = await saveRecord(t.dataSource.manager, storeId, 'SKU');
    const other = await saveRecord(t.dataSource.manager, storeId, 'SKU');
    const first = new Date('2026-03-01T00:00:00.000Z');
    const later = new Date('2026-03-02T00:00:00.000Z');
    await references.upsert(
      storeId,
      owner.id,
      new Map([
        ['erp', 'E-1'],
        ['pim', 'P-1'],
      ]),
      first,
    );
    await references.upsert(storeId, other.id, new Map([['erp', 'E-9']]), first);
    await references.upsert(
      storeId,
      owner.id,
      new Map([
        ['erp', 'E-2'],
        ['wms', 'W-1'],
      ]),
      later,
    );
    expect(await stored(owner.id)).toEqual([
      { name: 'erp', value: 'E-2', createdAt: first },
      { name: 'pim', value: 'P-1', createdAt: first },
      { name: 'wms', value: 'W-1', createdAt: later },
    ]);
    await references.deleteNamed(owner.id, ['erp', 'wms', 'absent']);
    expect((await stored(owner.id)).map((r) => r.name)).toEqual(['pim']);
    expect((await stored(other.id)).map((r) => r.value)).toEqual(['E-9']); // another owner's stays
  });

  it('writes the owner record and its references in one transaction: a failure keeps neither', async () => {
    const storeId = randomUUID();
    const owner = await saveRecord(t.dataSource.manager, storeId, 'LOCATION');
    const at = new Date('2026-04-01T00:00:00.000Z');
    await expect(
      references.transaction(async (tx) => {
        const row = await tx.records.findOfKindForUpdate(storeId, 'LOCATION', owner.id);
        await tx.upsert(storeId, owner.id, new Map([['erp', 'L-1']]), at);
        await tx.records.save(Object.assign(row as CatalogRecordEntity, { updatedAt: at }));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stored(owner.id)).toEqual([]);
    expect((await references.records.findOfKind(storeId, 'LOCATION', owner.id))?.updatedAt).toEqual(
      owner.updatedAt,
    );

    const saved = await references.transaction(async (tx) => {
      const row = await tx.records.findOfKind(storeId, 'LOCATION', owner.id);
      await tx.upsert(storeId, owner.id, new Map([['erp', 'L-1']]), at);
      return tx.records.save(Object.assign(row as CatalogRecordEntity, { updatedAt: at }));
    });
    expect(saved.updatedAt).toEqual(at);
    expect((await stored(owner.id)).map((r) => r.value)).toEqual(['L-1']);
  });
});
