import { randomUUID } from 'node:crypto';
import { type TestDataSource, openTestDataSource, waitForLockWaiter } from '@platform/testing';
import { saveRecord } from '../../../test/support/catalog-record-rows';
import { CATALOG_MIGRATION_SET } from '../../database/catalog.migration-set';
import { InventoryCountEntity } from '../inventory/inventory-count.entity';
import { CatalogLinksRepository, LOCATION_SKUS } from './catalog-links.repository';

// Medium tier (docs/testing.md): the links' statements against the real migrated schema.
describe('CatalogLinksRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let links: CatalogLinksRepository;

  beforeAll(async () => {
    t = await openTestDataSource('catalog-links-repository', [CATALOG_MIGRATION_SET]);
    links = new CatalogLinksRepository(t.dataSource.manager);
  });

  afterAll(() => t?.close());

  const at = new Date('2026-05-01T00:00:00.000Z');
  const members = async (storeId: string, relation: string, ownerId: string) =>
    (await links.membersOf(storeId, relation, [ownerId])).map((l) => l.memberId);

  it('appends after the last member, places members at 1…n, deletes some or all but some', async () => {
    const storeId = randomUUID();
    const owner = randomUUID();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((x) => `${x}${randomUUID().slice(1)}`);
    await links.append({ storeId, ownerId: owner, relation: 'LIST:SKU', memberIds: [b, a] }, at);
    await links.append({ storeId, ownerId: owner, relation: 'LIST:SKU', memberIds: [a, c] }, at); // a stays second
    expect(await members(storeId, 'LIST:SKU', owner)).toEqual([b, a, c]);
    await links.place({ storeId, ownerId: owner, relation: 'LIST:SKU', memberIds: [c, d, b] }, at);
    await links.deleteAllBut(owner, 'LIST:SKU', [c, d, b]);
    expect(await members(storeId, 'LIST:SKU', owner)).toEqual([c, d, b]);
    await links.delete(owner, 'LIST:SKU', [d, 'absent']);
    expect(await members(storeId, 'LIST:SKU', owner)).toEqual([c, b]);
    await links.deleteAllBut(owner, 'LIST:SKU', []);
    expect(await members(storeId, 'LIST:SKU', owner)).toEqual([]);
  });

  it("reads a batch of owners' members by position, within the store and relation only", async () => {
    const storeId = randomUUID();
    const [o1, o2] = [randomUUID(), randomUUID()];
    const [m1, m2, m3] = [randomUUID(), randomUUID(), randomUUID()];
    await links.append({ storeId, ownerId: o1, relation: 'SKU:CHANNEL', memberIds: [m2, m1] }, at);
    await links.append({ storeId, ownerId: o2, relation: 'SKU:CHANNEL', memberIds: [m3] }, at);
    await links.append({ storeId, ownerId: o2, relation: 'SKU:MEDIA_OBJECT', memberIds: [m1] }, at);
    await links.append({ storeId: randomUUID(), ownerId: o1, relation: 'SKU:CHANNEL', memberIds: [m3] }, at);
    const rows = await links.membersOf(storeId, 'SKU:CHANNEL', [o1, o2, randomUUID()]);
    expect(rows.filter((r) => r.owner === o1).map((r) => r.memberId)).toEqual([m2, m1]);
    expect(rows.filter((r) => r.owner === o2).map((r) => r.memberId)).toEqual([m3]);
    expect(rows).toHaveLength(3);
  });

  it("finds a tree node's ancestor among candidates", async () => {
    const storeId = randomUUID();
    const [root, mid, leaf, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const rel = 'LIST_TREE_NODE:LIST_TREE_NODE';
    await links.append({ storeId, ownerId: root, relation: rel, memberIds: [mid] }, at);
    await links.append({ storeId, ownerId: mid, relation: rel, memberIds: [leaf] }, at);
    expect(await links.ancestorAmong(rel, leaf, [other, root])).toBe(root);
    expect(await links.ancestorAmong(rel, leaf, [mid])).toBe(mid);
    expect(await links.ancestorAmong(rel, root, [mid, leaf])).toBeNull();
  });

  it("links a SKU to a location once, holding the link's lock so a lockMembers waits; reads stocked SKUs", async () => {
    const storeId = randomUUID();
    const location = await saveRecord(t.dataSource.manager, storeId, 'LOCATION');
    const [sku1, sku2] = [randomUUID(), randomUUID()];
    await links.linkSkuToLocation(storeId, location.id, sku1, at);
    await links.linkSkuToLocation(storeId, location.id, sku2, at);
    await links.linkSkuToLocation(storeId, location.id, sku1, at); // already linked: no change
    expect(await members(storeId, LOCATION_SKUS, location.id)).toEqual([sku1, sku2]);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let linked!: () => void;
    const isLinked = new Promise<void>((resolve) => (linked = resolve));
    const order: string[] = [];
    const change = t.dataSource.transaction(async (manager) => {
      await new CatalogLinksRepository(manager).linkSkuToLocation(storeId, location.id, sku1, at);
      linked();
      await released;
      await manager.getRepository(InventoryCountEntity).insert({
        locationId: location.id,
        skuId: sku1,
        storeId,
        onHand: 0,
        committed: 2,
        updatedAt: at,
      });
      order.push('stock committed');
    });
    await isLinked;
    const removal = links.transaction(async (tx) => {
      await tx.lockMembers(location.id, LOCATION_SKUS, [sku2, sku1]);
      order.push(`stocked ${await tx.firstSkuWithInventory(location.id, [sku2, sku1])}`);
    });
    await waitForLockWaiter(t.dataSource, 'the removal to wait for the linked SKU');
    release();
    await Promise.all([change, removal]);
    expect(order).toEqual(['stock committed', `stocked ${sku1}`]);
    expect(await links.firstSkuWithInventory(location.id, [sku2])).toBeNull();
  });
});
