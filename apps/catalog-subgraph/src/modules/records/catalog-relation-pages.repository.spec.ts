import { randomUUID } from 'node:crypto';
import type { Page } from '@platform/graphql-subgraph';
import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { saveRecord } from '../../../test/support/catalog-record-rows';
import { CATALOG_MIGRATION_SET } from '../../database/catalog.migration-set';
import { CatalogLinksRepository } from './catalog-links.repository';
import type { CatalogRecordEntity } from './catalog-record.entity';
import type { CatalogReferenceEntity } from './catalog-reference.entity';
import { CatalogReferencesRepository } from './catalog-references.repository';
import { CatalogRelationPagesRepository, MemberSource } from './catalog-relation-pages.repository';
import { linkOrderSort, recordSortOf } from './record-keyset';
import { SKU_KIND, SKU_PRICE_KIND, relationOf } from './record-kinds';

// Medium tier (docs/testing.md): the relation connections' reads against the real migrated schema.
describe('CatalogRelationPagesRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let pages: CatalogRelationPagesRepository;
  let links: CatalogLinksRepository;

  beforeAll(async () => {
    t = await openTestDataSource('catalog-relation-pages-repository', [CATALOG_MIGRATION_SET]);
    pages = new CatalogRelationPagesRepository(t.dataSource.manager);
    links = new CatalogLinksRepository(t.dataSource.manager);
  });

  afterAll(() => t?.close());

  const at = new Date('2026-05-01T00:00:00.000Z');
  const record = (storeId: string, kind: string, extra: Partial<CatalogRecordEntity> = {}) =>
    saveRecord(t.dataSource.manager, storeId, kind, extra);
  const link = (
    storeId: string,
    owner: CatalogRecordEntity,
    relation: string,
    members: CatalogRecordEntity[],
  ) => links.append({ storeId, ownerId: owner.id, relation, memberIds: members.map((m) => m.id) }, at);
  const ids = (page: unknown) =>
    (page as { edges: { node: CatalogRecordEntity }[] }).edges.map((e) => e.node.id);
  const usd = (value: number) => ({ value, currencyCode: 'USD' });

  it("pages each owner's live members in link order and counts them, one query per batch", async () => {
    const storeId = randomUUID();
    const [g1, g2] = [await record(storeId, 'SKU_GROUP'), await record(storeId, 'SKU_GROUP')];
    const [a, b, c] = [
      await record(storeId, 'SKU'),
      await record(storeId, 'SKU'),
      await record(storeId, 'SKU'),
    ];
    const archived = await record(storeId, 'SKU', { status: 'ARCHIVED' });
    await link(storeId, g1, 'SKU_GROUP:SKU', [c, archived, a, b]);
    await link(storeId, g2, 'SKU_GROUP:SKU', [b]);
    const source: MemberSource = { relation: relationOf('SKU_GROUP:SKU'), member: SKU_KIND };
    const [sort, direction] = recordSortOf(SKU_KIND, undefined, linkOrderSort('SKU_GROUP:SKU'));
    const request = { direction: 'forward' as const, size: 2 };
    const result = await pages.memberPages(storeId, source, [g1.id, g2.id], {}, request, sort, direction);
    expect(ids(result.get(g1.id))).toEqual([c.id, a.id]);
    expect(result.get(g1.id)).toMatchObject({ pageInfo: { hasNextPage: true } });
    expect(ids(result.get(g2.id))).toEqual([b.id]);
    expect(await pages.memberCounts(storeId, source, [g1.id, g2.id], {})).toEqual(
      new Map([
        [g1.id, 3],
        [g2.id, 1],
      ]),
    );
    // A parent's children: a SKU's prices, oldest first.
    const p1 = await record(storeId, 'SKU_PRICE', { parentId: a.id });
    const p2 = await record(storeId, 'SKU_PRICE', { parentId: a.id });
    const children: MemberSource = { children: SKU_PRICE_KIND };
    const [childSort, childDirection] = recordSortOf(SKU_PRICE_KIND, undefined);
    const prices = await pages.memberPages(storeId, children, [a.id], {}, request, childSort, childDirection);
    expect(ids(prices.get(a.id))).toEqual([p1.id, p2.id]);
  });

  it("pages and counts each owner's references by origin, narrowed to the origins asked for", async () => {
    const storeId = randomUUID();
    const sku = await record(storeId, 'SKU');
    const references = new CatalogReferencesRepository(t.dataSource.manager);
    await references.upsert(
      storeId,
      sku.id,
      new Map([
        ['wms', 'W'],
        ['erp', 'E'],
        ['pim', 'P'],
      ]),
      at,
    );
    const request = { direction: 'forward' as const, size: 10 };
    const all = await pages.referencePages(storeId, [sku.id], undefined, request);
    expect((all.get(sku.id) as Page<CatalogReferenceEntity>).edges.map((e) => e.node.name)).toEqual([
      'erp',
      'pim',
      'wms',
    ]);
    expect(await pages.referenceCounts(storeId, [sku.id], ['erp', 'wms'])).toEqual(new Map([[sku.id, 2]]));
    expect(await pages.referenceCounts(storeId, [sku.id], [])).toEqual(new Map([[sku.id, 0]]));
  });

  it('reads the first live owner of members and the first live member of owners', async () => {
    const storeId = randomUUID();
    const [old, live, later] = [
      await record(storeId, 'SKU_GROUP', { status: 'ARCHIVED' }),
      await record(storeId, 'SKU_GROUP'),
      await record(storeId, 'SKU_GROUP'),
    ];
    const sku = await record(storeId, 'SKU');
    // Joined in this order: the archived group first, then `live`, then `later`.
    for (const [i, group] of [old, live, later].entries())
      await links.append(
        { storeId, ownerId: group.id, relation: 'SKU_GROUP:SKU', memberIds: [sku.id] },
        new Date(at.getTime() + i),
      );
    expect(await pages.firstOwners(storeId, 'SKU_GROUP:SKU', [sku.id])).toEqual([
      { member_id: sku.id, owner: live.id },
    ]);
    const node = await record(storeId, 'LIST_TREE_NODE');
    const [gone, list] = [
      await record(storeId, 'LIST', { status: 'ARCHIVED' }),
      await record(storeId, 'LIST'),
    ];
    await link(storeId, node, 'LIST_TREE_NODE:LIST', [gone, list]);
    expect(await pages.firstMembers(storeId, 'LIST_TREE_NODE:LIST', [node.id])).toEqual([
      { owner: node.id, member_id: list.id },
    ]);
  });

  it("bounds a group's SKU prices by status and an option's prices, and finds the categories tree", async () => {
    const storeId = randomUUID();
    const group = await record(storeId, 'SKU_GROUP');
    const cheap = await record(storeId, 'SKU', { data: { price: usd(500), compareAtPrice: usd(900) } });
    const dear = await record(storeId, 'SKU', { data: { price: usd(1500) } });
    const draft = await record(storeId, 'SKU', { status: 'DRAFT', data: { price: usd(100) } });
    await link(storeId, group, 'SKU_GROUP:SKU', [cheap, dear, draft]);
    expect(await pages.groupPricing(storeId, [group.id], ['ACTIVE'])).toEqual([
      { owner: group.id, n: 2, min_price: '500', max_price: '1500', min_compare: '900', max_compare: '900' },
    ]);
    const option = await record(storeId, 'OPTION');
    const value = await record(storeId, 'OPTION_VALUE', { parentId: option.id });
    await record(storeId, 'OPTION_PRICE', { parentId: option.id, data: { amount: usd(200) } });
    await record(storeId, 'OPTION_VALUE_PRICE', { parentId: value.id, data: { amount: usd(300) } });
    const bare = randomUUID();
    expect(await pages.optionPricing(storeId, [option.id, bare])).toEqual(
      expect.arrayContaining([
        { owner: option.id, n: 2, min_price: '200', max_price: '300', min_compare: null, max_compare: null },
        { owner: bare, n: 0, min_price: null, max_price: null, min_compare: null, max_compare: null },
      ]),
    );

    expect(await pages.categoriesTree(storeId)).toBeNull();
    await record(storeId, 'LIST_TREE', { name: 'Categories', status: 'ARCHIVED' });
    const tree = await record(storeId, 'LIST_TREE', { name: 'CATEGORIES' });
    await record(storeId, 'LIST_TREE', { name: 'categories' });
    expect((await pages.categoriesTree(storeId))?.id).toBe(tree.id);
  });
});
