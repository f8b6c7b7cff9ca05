import { randomUUID } from 'node:crypto';
import { type TestDataSource, openTestDataSource, waitForLockWaiter } from '@platform/testing';
import { saveRecord } from '../../../test/support/catalog-record-rows';
import { CATALOG_MIGRATION_SET } from '../../database/catalog.migration-set';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogLinksRepository } from './catalog-links.repository';
import { CatalogRecordsRepository } from './catalog-records.repository';
import { recordSortOf } from './record-keyset';
import { ATTRIBUTE_KIND } from './record-kinds';

// Medium tier (docs/testing.md): the records' statements against the real migrated schema.
describe('CatalogRecordsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let records: CatalogRecordsRepository;

  beforeAll(async () => {
    t = await openTestDataSource('catalog-records-repository', [CATALOG_MIGRATION_SET]);
    records = new CatalogRecordsRepository(t.dataSource.manager);
  });

  afterAll(() => t?.close());

  it('finds a record by id within its store and kind only; a malformed id is none', async () => {
    const storeId = randomUUID();
    const sku = await saveRecord(t.dataSource.manager, storeId, 'SKU');
    expect((await records.findOfKind(storeId, 'SKU', sku.id))?.id).toBe(sku.id);
    expect((await records.findOfKind(storeId, 'SKU', sku.id.toUpperCase()))?.id).toBe(sku.id);
    expect(await records.findOfKind(storeId, 'LOCATION', sku.id)).toBeNull();
    expect(await records.findOfKind(randomUUID(), 'SKU', sku.id)).toBeNull();
    expect(await records.findOfKind(storeId, 'SKU', 'not-an-id')).toBeNull();
  });

  it('finds the records of ids in the store and kind, leaving out malformed, unknown and other ones', async () => {
    const storeId = randomUUID();
    const [a, b] = [
      await saveRecord(t.dataSource.manager, storeId, 'ATTRIBUTE'),
      await saveRecord(t.dataSource.manager, storeId, 'ATTRIBUTE'),
    ];
    const location = await saveRecord(t.dataSource.manager, storeId, 'LOCATION');
    const elsewhere = await saveRecord(t.dataSource.manager, randomUUID(), 'ATTRIBUTE');
    const found = await records.findByIds(storeId, 'ATTRIBUTE', [
      a.id,
      b.id.toUpperCase(),
      a.id,
      location.id,
      elsewhere.id,
      randomUUID(),
      'bad',
    ]);
    expect(found.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(await records.findByIds(storeId, 'ATTRIBUTE', ['bad'])).toEqual([]);
  });

  it('locks a record for update until its transaction ends; save writes it', async () => {
    const storeId = randomUUID();
    const list = await saveRecord(t.dataSource.manager, storeId, 'LIST');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const order: string[] = [];
    const first = records.transaction(async (tx) => {
      const row = await tx.findOfKindForUpdate(storeId, 'LIST', list.id);
      locked();
      await released;
      await tx.save(Object.assign(row as CatalogRecordEntity, { name: 'renamed' }));
      order.push('first saved');
    });
    await isLocked;
    const second = records.transaction(async (tx) => {
      const row = await tx.findOfKindForUpdate(storeId, 'LIST', list.id);
      order.push(`second read ${row?.name}`);
    });
    await waitForLockWaiter(t.dataSource, 'the second reader to wait for the row lock');
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first saved', 'second read renamed']);
    expect(await records.findOfKindForUpdate(storeId, 'LIST', 'bad')).toBeNull();
  });
  it("pages the kind's records that a list's filters keep, archived ones only when asked, with their count", async () => {
    const storeId = randomUUID();
    const make = (name: string, status = 'ACTIVE') =>
      saveRecord(t.dataSource.manager, storeId, 'ATTRIBUTE', { name, status });
    const [red, rose] = [await make('red'), await make('rose')];
    const gone = await make('ruby', 'ARCHIVED');
    await make('blue');
    await saveRecord(t.dataSource.manager, storeId, 'LIST', { name: 'rack' });
    const [sort, direction] = recordSortOf(ATTRIBUTE_KIND, undefined);
    const args = { name: { startsWith: 'r' } };
    const first = await records.page(
      storeId,
      ATTRIBUTE_KIND,
      args,
      { direction: 'forward', size: 1 },
      sort,
      direction,
    );
    expect(first.page.edges.map((e) => e.node.id)).toEqual([red.id]);
    expect(first.page.pageInfo.hasNextPage).toBe(true);
    expect(await first.totalCount()).toBe(2);
    const archived = await records.page(
      storeId,
      ATTRIBUTE_KIND,
      { ...args, status: { in: ['ARCHIVED'] } },
      { direction: 'forward', size: 10 },
      sort,
      direction,
    );
    expect(archived.page.edges.map((e) => e.node.id)).toEqual([gone.id]);
    expect(
      (await records.filtered(storeId, ATTRIBUTE_KIND, { name: { contains: 'OS' } }).getMany()).map(
        (r) => r.id,
      ),
    ).toEqual([rose.id]);
  });
  it("takes a code's lock before it checks the code: a second writer of the code waits, then sees it taken", async () => {
    const storeId = randomUUID();
    const sku = await saveRecord(t.dataSource.manager, storeId, 'SKU', { code: 'TEA-1' });
    expect(await records.codeTakenLocked(storeId, 'SKU', 'TEA-1')).toBe(true);
    expect(await records.codeTakenLocked(storeId, 'SKU', 'TEA-1', sku.id)).toBe(false); // its own code
    expect(await records.codeTakenLocked(storeId, 'SKU_GROUP', 'TEA-1')).toBe(false);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let checked!: () => void;
    const isChecked = new Promise<void>((resolve) => (checked = resolve));
    const first = t.dataSource.transaction(async (manager) => {
      expect(await new CatalogRecordsRepository(manager).codeTakenLocked(storeId, 'SKU', 'TEA-2')).toBe(
        false,
      );
      checked();
      await released;
      await saveRecord(manager, storeId, 'SKU', { code: 'TEA-2' });
    });
    await isChecked;
    const second = records.transaction((tx) => tx.codeTakenLocked(storeId, 'SKU', 'TEA-2'));
    await waitForLockWaiter(t.dataSource, 'the second writer to wait for the code lock');
    release();
    await first;
    expect(await second).toBe(true);
  });

  it("reads parents' live children oldest first; archives the live ones of a batch; deletes a record's links", async () => {
    const storeId = randomUUID();
    const attribute = await saveRecord(t.dataSource.manager, storeId, 'ATTRIBUTE');
    const [v1, v2] = [
      await saveRecord(t.dataSource.manager, storeId, 'ATTRIBUTE_VALUE', { parentId: attribute.id }),
      await saveRecord(t.dataSource.manager, storeId, 'ATTRIBUTE_VALUE', { parentId: attribute.id }),
    ];
    const old = await saveRecord(t.dataSource.manager, storeId, 'ATTRIBUTE_VALUE', {
      parentId: attribute.id,
      status: 'ARCHIVED',
      archivedAt: new Date('2026-01-01T00:00:00.000Z'),
    });
    expect(
      (await records.findLiveChildren(storeId, 'ATTRIBUTE_VALUE', [attribute.id])).map((r) => r.id),
    ).toEqual([v1.id, v2.id]);
    const at = new Date('2026-07-01T00:00:00.000Z');
    await records.archiveLive([v1.id, old.id], at);
    expect(await records.findOfKind(storeId, 'ATTRIBUTE_VALUE', v1.id)).toMatchObject({
      status: 'ARCHIVED',
      archivedAt: at,
      updatedAt: at,
    });
    expect((await records.findOfKind(storeId, 'ATTRIBUTE_VALUE', old.id))?.updatedAt).toEqual(old.updatedAt);

    const links = new CatalogLinksRepository(t.dataSource.manager);
    const sku = await saveRecord(t.dataSource.manager, storeId, 'SKU');
    const group = await saveRecord(t.dataSource.manager, storeId, 'SKU_GROUP');
    const media = randomUUID();
    await links.append({ storeId, ownerId: group.id, relation: 'SKU_GROUP:SKU', memberIds: [sku.id] }, at);
    await links.append({ storeId, ownerId: sku.id, relation: 'SKU:MEDIA_OBJECT', memberIds: [media] }, at);
    await links.append({ storeId, ownerId: sku.id, relation: 'SKU:ATTRIBUTE_VALUE', memberIds: [v2.id] }, at);
    await records.deleteLinksIn(storeId, [v2.id], [], ['SKU:ATTRIBUTE_VALUE']);
    expect(await links.membersOf(storeId, 'SKU:ATTRIBUTE_VALUE', [sku.id])).toEqual([]);
    await records.deleteLinksOf(storeId, sku.id);
    expect(await links.membersOf(storeId, 'SKU_GROUP:SKU', [group.id])).toEqual([]);
    expect(await links.membersOf(storeId, 'SKU:MEDIA_OBJECT', [sku.id])).toEqual([]);
  });
});
