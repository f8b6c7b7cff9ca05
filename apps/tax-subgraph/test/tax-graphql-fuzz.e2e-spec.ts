import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_ENCRYPTION_KEY } from '@platform/testing';
import { checkForgedConnectionCursors, fuzzSubgraphOperations } from '@platform/testing/contracts';
import { TaxTestApp, dataOf, startTaxTestApp } from './support/tax-test-app';

const ROOT = join(__dirname, '../../..');
const SUPERGRAPH = readFileSync(join(ROOT, 'apps/gateway/supergraph.graphql'), 'utf8');
const SUBGRAPH = readFileSync(join(ROOT, 'apps/tax-subgraph/schema.graphql'), 'utf8');

/**
 * Property-based tests from the committed supergraph: every Query and Mutation field the tax
 * subgraph owns gets seeded valid-ish and invalid arguments (libs/testing fuzzSubgraphOperations),
 * and every list gets forged cursors (checkForgedConnectionCursors).
 */
describe('tax subgraph fuzzed from the supergraph (fast-check)', () => {
  let tax: TaxTestApp;
  let otherStore: string;

  const send = async (body: object, store?: string) => {
    const res = await tax.post(body, store ? { store } : undefined);
    return { status: res.statusCode, text: res.body };
  };

  beforeAll(async () => {
    tax = await startTaxTestApp('tax-graphql-fuzz', { RATE_LIMIT_IP_MULTIPLIER: '1000' });
    otherStore = tax.store(tax.defaults.cred);
    for (const store of [tax.defaults.store, otherStore])
      for (const label of ['A', 'B'])
        dataOf(
          await tax.gql(
            `mutation($rate: MutationCreateRateInput!, $jurisdiction: MutationCreateJurisdictionInput!) {
               createRate(input: $rate) { id }
               createJurisdiction(input: $jurisdiction) { id }
             }`,
            {
              rate: { label, value: { percentage: '7' } },
              jurisdiction: { name: `J${label}`, countryCode: 'DE' },
            },
            { store },
          ),
        );
  });

  afterAll(async () => {
    await tax?.close();
  });

  it('answers every operation below HTTP 500, with extensions.code, no stack, SQL or secret', async () => {
    const report = await fuzzSubgraphOperations({
      supergraphSdl: SUPERGRAPH,
      subgraphSdl: SUBGRAPH,
      graph: 'TAX',
      send: (body) => send(body),
      secrets: [tax.defaults.cred.token, TEST_ENCRYPTION_KEY, tax.env.env.DATABASE_URL ?? ''],
      runsPerField: 10,
    });
    console.info(
      `tax fuzz: ${report.fields} fields, ${report.cases} cases, ${report.failures.length} failures`,
    );
    expect(report.failures).toEqual([]);
    expect(report.fields).toBeGreaterThan(40);
  }, 600_000);

  it('refuses forged cursors on every list with BAD_USER_INPUT about after', async () => {
    const report = await checkForgedConnectionCursors({
      supergraphSdl: SUPERGRAPH,
      graph: 'TAX',
      send: (body, store) => send(body, store === 'other' ? otherStore : undefined),
    });
    console.info(
      `tax cursors: ${report.lists.join(', ')} (${report.cases} forgeries); empty: ${report.empty.join(', ')}`,
    );
    expect(report.lists).toEqual(expect.arrayContaining(['rates', 'jurisdictions']));
  }, 300_000);
});
