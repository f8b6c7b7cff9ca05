import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { TAX_MIGRATION_SET } from '../../database/tax.migration-set';
import { RatesRepository } from '../rates/rates.repository';
import { isUniqueViolation } from '../records/pg-violations';
import { ReferencesRepository } from '../references/references.repository';
import { ClassificationLinksRepository } from './classification-links.repository';
import { ClassificationEntity } from './classification.entity';
import type { QueryClassificationsArgs } from './classification.input';
import { ClassificationsRepository } from './classifications.repository';

// Medium tier (docs/testing.md): the repositories against the real migrated schema, no GraphQL.
describe('ClassificationsRepository and ClassificationLinksRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let classifications: ClassificationsRepository;
  let links: ClassificationLinksRepository;
  let references: ReferencesRepository;
  const storeId = randomUUID();
  let food: ClassificationEntity;
  let books: ClassificationEntity;
  const rateIds: string[] = [];
  const at = (ms: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + ms);

  beforeAll(async () => {
    t = await openTestDataSource('classifications-repository', [TAX_MIGRATION_SET]);
    classifications = new ClassificationsRepository(t.dataSource.manager);
    links = new ClassificationLinksRepository(t.dataSource.manager);
    references = new ReferencesRepository(t.dataSource.manager);
    const rates = new RatesRepository(t.dataSource.manager);
    food = await classifications.insert({ storeId, name: 'food', label: null, description: null });
    books = await classifications.insert({ storeId, name: 'books', label: 'Books', description: null });
    for (const label of ['r0', 'r1', 'r2']) {
      const rate = await rates.insert({
        storeId,
        jurisdictionId: null,
        name: null,
        label,
        status: 'ACTIVE',
        percentage: '1.000000',
        amountValue: null,
        amountCurrency: null,
      });
      rateIds.push(rate.id);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('pages by name when asked, by creation otherwise', async () => {
    const byName = await classifications.findPage(storeId, {
      orderBy: { field: 'NAME', direction: 'ASC' },
    } as QueryClassificationsArgs);
    expect(byName.edges.map((e) => e.node.name)).toEqual(['books', 'food']);
    expect(await classifications.findPage(randomUUID(), {} as QueryClassificationsArgs)).toEqual(
      expect.objectContaining({ edges: [] }),
    );
  });

  it("refuses a second classification of the store's name with a unique violation", async () => {
    const refused = await classifications
      .insert({ storeId, name: 'food', label: null, description: null })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(refused)).toBe(true);
    await expect(
      classifications.insert({ storeId: randomUUID(), name: 'food', label: null, description: null }),
    ).resolves.toEqual(expect.objectContaining({ name: 'food' }));
  });

  it('keeps rate links in the order they were added, an added link once with its first time', async () => {
    await links.insertRateLinks([
      { ownerId: food.id, rateId: rateIds[2], storeId, createdAt: at(0) },
      { ownerId: food.id, rateId: rateIds[0], storeId, createdAt: at(1) },
    ]);
    await links.insertRateLinks([{ ownerId: food.id, rateId: rateIds[2], storeId, createdAt: at(5) }]);
    const read = await links.findRateLinks(storeId, [food.id, books.id]);
    expect(read.map((l) => [l.rateId, l.createdAt.toISOString(), l.rate?.label])).toEqual([
      [rateIds[2], at(0).toISOString(), 'r2'],
      [rateIds[0], at(1).toISOString(), 'r0'],
    ]);
  });

  it('removes only the named rate links of the owner', async () => {
    await links.insertRateLinks([{ ownerId: books.id, rateId: rateIds[0], storeId, createdAt: at(2) }]);
    await links.deleteRateLinks(storeId, food.id, [rateIds[0]]);
    const read = await links.findRateLinks(storeId, [food.id, books.id]);
    expect(read.map((l) => [l.ownerId, l.rateId])).toEqual([
      [food.id, rateIds[2]],
      [books.id, rateIds[0]],
    ]);
  });

  it('keeps catalog members by kind, in the order they were added', async () => {
    await links.insertMemberLinks([
      { ownerId: books.id, kind: 'SKU', memberId: 'sku-2', storeId, createdAt: at(0) },
      { ownerId: books.id, kind: 'LIST', memberId: 'list-1', storeId, createdAt: at(1) },
      { ownerId: books.id, kind: 'SKU', memberId: 'sku-1', storeId, createdAt: at(2) },
    ]);
    await links.deleteMemberLinks(storeId, books.id, 'LIST', ['list-1', 'sku-1']);
    const read = await links.findMemberLinks(storeId, [books.id]);
    expect(read.map((l) => `${l.kind}:${l.memberId}`)).toEqual(['SKU:sku-2', 'SKU:sku-1']);
  });

  it('deletes a classification with its references in one transaction; its links go with it', async () => {
    await references.upsert(storeId, 'CLASSIFICATION', books.id, [{ name: 'erp', value: 'B' }]);
    await references.deleteWithOwner(storeId, 'CLASSIFICATION', ClassificationEntity, books.id);
    await expect(classifications.get(storeId, books.id)).rejects.toMatchObject({
      code: 'CLASSIFICATION_NOT_FOUND',
    });
    expect(await references.forOwners(storeId, 'CLASSIFICATION', [books.id])).toEqual(new Map());
    expect(await links.findRateLinks(storeId, [books.id])).toEqual([]);
    expect(await links.findMemberLinks(storeId, [books.id])).toEqual([]);
  });
});
