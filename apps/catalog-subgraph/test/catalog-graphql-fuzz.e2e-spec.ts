import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_ENCRYPTION_KEY } from '@platform/testing';
import { checkForgedConnectionCursors, fuzzSubgraphOperations } from '@platform/testing/contracts';
import { CatalogTestApp, dataOf, startCatalogTestApp } from './support/catalog-test-app';

const ROOT = join(__dirname, '../../..');
const SUPERGRAPH = readFileSync(join(ROOT, 'apps/gateway/supergraph.graphql'), 'utf8');
const SUBGRAPH = readFileSync(join(ROOT, 'apps/catalog-subgraph/schema.graphql'), 'utf8');

/**
 * Property-based tests from the committed supergraph: every Query and Mutation field the catalog
 * subgraph owns gets seeded valid-ish and invalid arguments (libs/testing fuzzSubgraphOperations),
 * and every list gets forged cursors (checkForgedConnectionCursors).
 */
describe('catalog subgraph fuzzed from the supergraph (fast-check)', () => {
  let catalog: CatalogTestApp;
  let otherStore: string;

  const send = async (body: object, store?: string) => {
    const res = await catalog.post(body, store ? { store } : undefined);
    return { status: res.statusCode, text: res.body };
  };

  beforeAll(async () => {
    catalog = await startCatalogTestApp('catalog-graphql-fuzz', { RATE_LIMIT_IP_MULTIPLIER: '1000' });
    otherStore = catalog.store(catalog.defaults.cred);
    for (const store of [catalog.defaults.store, otherStore])
      for (const name of ['A', 'B']) {
        const created = dataOf<{ createSku: { id: string }; createLocation: { id: string } }>(
          await catalog.gql(
            `mutation($name: String!) { createSku(input: { name: $name }) { id } createLocation(input: { name: $name }) { id } }`,
            { name },
            { store },
          ),
        );
        dataOf(
          await catalog.gql(
            'mutation($input: MutationStockInventoryInput!) { stockInventory(input: $input) { id } }',
            { input: { skuId: created.createSku.id, locationId: created.createLocation.id, quantity: 5 } },
            { store },
          ),
        );
      }
  });

  afterAll(async () => {
    await catalog?.close();
  });

  it('answers every operation below HTTP 500, with extensions.code, no stack, SQL or secret', async () => {
    const report = await fuzzSubgraphOperations({
      supergraphSdl: SUPERGRAPH,
      subgraphSdl: SUBGRAPH,
      graph: 'CATALOG',
      send: (body) => send(body),
      secrets: [catalog.defaults.cred.token, TEST_ENCRYPTION_KEY, catalog.env.env.DATABASE_URL ?? ''],
      runsPerField: 5,
    });
    console.info(
      `catalog fuzz: ${report.fields} fields, ${report.cases} cases, ${report.failures.length} failures`,
    );
    expect(report.failures).toEqual([]);
    expect(report.fields).toBeGreaterThan(140);
  }, 900_000);

  it('refuses forged cursors on every list with BAD_USER_INPUT about after', async () => {
    const report = await checkForgedConnectionCursors({
      supergraphSdl: SUPERGRAPH,
      graph: 'CATALOG',
      send: (body, store) => send(body, store === 'other' ? otherStore : undefined),
      runsPerKind: 2,
    });
    console.info(
      `catalog cursors: ${report.lists.join(', ')} (${report.cases} forgeries); empty: ${report.empty.join(', ')}`,
    );
    expect(report.lists).toEqual(
      expect.arrayContaining(['skus', 'locations', 'inventoryCounts', 'inventoryAdjustments']),
    );
  }, 600_000);
});
