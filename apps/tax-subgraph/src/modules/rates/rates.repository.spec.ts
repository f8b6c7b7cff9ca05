import type { Page } from '@platform/graphql-subgraph';
import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { TAX_MIGRATION_SET } from '../../database/tax.migration-set';
import { JurisdictionsRepository } from '../jurisdictions/jurisdictions.repository';
import { ReferencesRepository } from '../references/references.repository';
import type { RateEntity } from './rate.entity';
import type { QueryRatesArgs } from './rate.input';
import { RatesRepository } from './rates.repository';

const labels = (page: Page<RateEntity>) => page.edges.map((e) => e.node.label);

// Medium tier (docs/testing.md): the repository against the real migrated schema, no GraphQL.
describe('RatesRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let rates: RatesRepository;
  const storeId = randomUUID();
  const otherStoreId = randomUUID();
  let jurisdictionId: string;
  const byLabel = new Map<string, RateEntity>();
  const rateOf = (label: string): RateEntity => {
    const row = byLabel.get(label);
    if (!row) throw new Error(`no rate ${label}`);
    return row;
  };

  const rate = (values: Partial<RateEntity> & { label: string }) =>
    rates.insert({
      storeId,
      jurisdictionId: null,
      name: null,
      status: 'ACTIVE',
      percentage: '5.000000',
      amountValue: null,
      amountCurrency: null,
      ...values,
    });

  beforeAll(async () => {
    t = await openTestDataSource('rates-repository', [TAX_MIGRATION_SET]);
    rates = new RatesRepository(t.dataSource.manager);
    jurisdictionId = (
      await new JurisdictionsRepository(t.dataSource.manager).insert({
        storeId,
        name: 'Texas',
        label: null,
        countryCode: 'US',
        regionCode: 'TX',
        postalCodePrefix: null,
      })
    ).id;
    const created = [
      { label: 'B state', jurisdictionId },
      { label: 'A city', status: 'INACTIVE' as const },
      { label: 'C fee', percentage: null, amountValue: 150, amountCurrency: 'USD' },
      { label: 'D county', jurisdictionId },
    ];
    for (const [i, values] of created.entries()) {
      const row = await rate(values);
      // One second apart, in this order (rows inserted within one millisecond would tie).
      row.createdAt = new Date(Date.parse('2026-01-01T00:00:00.000Z') + i * 1000);
      await t.dataSource.query('UPDATE "tax"."rates" SET "created_at" = $2 WHERE "id" = $1', [
        row.id,
        row.createdAt,
      ]);
      byLabel.set(values.label, row);
    }
    await rate({ storeId: otherStoreId, label: 'other' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("pages the store's rates oldest first, continuing after the end cursor", async () => {
    const first = await rates.findPage(storeId, { first: 2 } as QueryRatesArgs);
    expect(labels(first)).toEqual(['B state', 'A city']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const next = await rates.findPage(storeId, {
      first: 2,
      after: first.pageInfo.endCursor,
    } as QueryRatesArgs);
    expect(labels(next)).toEqual(['C fee', 'D county']);
    expect(next.pageInfo.hasNextPage).toBe(false);
  });

  it('orders by label in either direction', async () => {
    const desc = await rates.findPage(storeId, {
      orderBy: { field: 'LABEL', direction: 'DESC' },
    } as QueryRatesArgs);
    expect(labels(desc)).toEqual(['D county', 'C fee', 'B state', 'A city']);
  });

  it('filters by status, by jurisdiction (a malformed id matches nothing) and by id', async () => {
    expect(labels(await rates.findPage(storeId, { status: { eq: 'INACTIVE' } } as QueryRatesArgs))).toEqual([
      'A city',
    ]);
    expect(labels(await rates.findPage(storeId, { status: { in: [] } } as QueryRatesArgs))).toEqual([]);
    expect(labels(await rates.findPage(storeId, { jurisdictionId } as QueryRatesArgs))).toEqual([
      'B state',
      'D county',
    ]);
    expect(labels(await rates.findPage(storeId, { jurisdictionId: 'nope' } as QueryRatesArgs))).toEqual([]);
    const ids = { in: [rateOf('C fee').id, 'not-a-uuid'] };
    expect(labels(await rates.findPage(storeId, { id: ids } as QueryRatesArgs))).toEqual(['C fee']);
  });

  it('filters by the value of an external reference', async () => {
    const references = new ReferencesRepository(t.dataSource.manager);
    await references.upsert(storeId, 'RATE', rateOf('D county').id, [{ name: 'erp', value: 'X-1' }]);
    const found = await rates.findPage(storeId, { referenceValue: { eq: 'X-1' } } as QueryRatesArgs);
    expect(labels(found)).toEqual(['D county']);
  });

  it("reads the rates of jurisdictions, oldest first, never another store's", async () => {
    const rows = await rates.findForJurisdictions(storeId, [jurisdictionId]);
    expect(rows.map((r) => r.label)).toEqual(['B state', 'D county']);
    expect(await rates.findForJurisdictions(otherStoreId, [jurisdictionId])).toEqual([]);
  });

  it('keeps a fixed amount exactly and a percentage as numeric text', async () => {
    const fee = await rates.get(storeId, rateOf('C fee').id);
    expect(fee).toEqual(
      expect.objectContaining({ percentage: null, amountValue: 150, amountCurrency: 'USD' }),
    );
    expect((await rates.get(storeId, rateOf('B state').id)).percentage).toBe('5.000000');
  });

  it("answers RATE_NOT_FOUND for another store's rate and for a malformed id", async () => {
    const id = rateOf('B state').id;
    await expect(rates.get(otherStoreId, id)).rejects.toMatchObject({ code: 'RATE_NOT_FOUND' });
    await expect(rates.get(storeId, 'abc')).rejects.toMatchObject({ code: 'RATE_NOT_FOUND' });
    await expect(rates.assertExist(storeId, [id, randomUUID()])).rejects.toMatchObject({
      code: 'RATE_NOT_FOUND',
    });
  });
});
