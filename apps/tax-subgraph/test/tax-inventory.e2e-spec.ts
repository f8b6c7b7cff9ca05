import { TaxTestApp, dataOf, startTaxTestApp } from './support/tax-test-app';

/** The spec's field inventory, public-counterparts §2.1, plus estimateTaxes (the basket query). */
const QUERIES = [
  'classification',
  'classifications',
  'estimateTaxes',
  'jurisdiction',
  'jurisdictions',
  'override',
  'overrides',
  'rate',
  'rates',
];
const MUTATIONS = [
  'activateOverride',
  'activateRate',
  'addListsToClassification',
  'addListsToOverride',
  'addRatesToClassification',
  'addRatesToOverride',
  'addSkuGroupsToOverride',
  'addSkusGroupsToClassification',
  'addSkusToClassification',
  'addSkusToOverride',
  'calculateTaxes',
  'createClassification',
  'createJurisdiction',
  'createOverride',
  'createRate',
  'createReferencesForClassification',
  'createReferencesForOverride',
  'createReferencesForRate',
  'deactivateOverride',
  'deactivateRate',
  'deleteClassification',
  'deleteJurisdiction',
  'deleteOverride',
  'deleteRate',
  'deleteReferencesFromClassification',
  'deleteReferencesFromOverride',
  'deleteReferencesFromRate',
  'removeListsFromClassification',
  'removeListsFromOverride',
  'removeRatesFromClassification',
  'removeRatesFromOverride',
  'removeSkusFromClassification',
  'removeSkusFromOverride',
  'removeSkusGroupsFromClassification',
  'removeSkusGroupsFromOverride',
  'updateClassification',
  'updateJurisdiction',
  'updateOverride',
  'updateRate',
];

interface FieldInfo {
  name: string;
  args: {
    name: string;
    type: { kind: string; name: string | null; ofType: { name: string | null } | null };
  }[];
}

describe('tax subgraph inventory (introspection)', () => {
  let tax: TaxTestApp;
  let queries: FieldInfo[];
  let mutations: FieldInfo[];

  beforeAll(async () => {
    tax = await startTaxTestApp('tax-inventory');
    const fields = `fields { name args { name type { kind name ofType { name } } } }`;
    const data = dataOf<{
      __schema: { queryType: { fields: FieldInfo[] }; mutationType: { fields: FieldInfo[] } };
    }>(
      await tax.gql(`{ __schema { queryType { ${fields} } mutationType { ${fields} } } }`, undefined, {
        store: null,
      }),
    );
    // Federation's own fields are not part of the contract.
    queries = data.__schema.queryType.fields.filter((f) => !f.name.startsWith('_'));
    mutations = data.__schema.mutationType.fields;
  });

  afterAll(async () => {
    await tax?.close();
  });

  it('has at least the 8 query fields of the spec, exactly those of the public inventory plus estimateTaxes', () => {
    expect(queries.length).toBeGreaterThanOrEqual(8);
    expect(queries.map((f) => f.name).sort()).toEqual(QUERIES);
  });

  it('has at least the 38 mutation fields of the spec, exactly the 39 of the public inventory', () => {
    expect(mutations.length).toBeGreaterThanOrEqual(38);
    expect(mutations.map((f) => f.name).sort()).toEqual(MUTATIONS);
  });

  it('keeps the named signatures: classification(id: ID!), createRate(input: MutationCreateRateInput!), calculateTaxes(channelId: ID!, input)', () => {
    const arg = (list: FieldInfo[], field: string, name: string) =>
      list.find((f) => f.name === field)?.args.find((a) => a.name === name)?.type;
    expect(arg(queries, 'classification', 'id')).toEqual({
      kind: 'NON_NULL',
      name: null,
      ofType: { name: 'ID' },
    });
    expect(arg(mutations, 'createRate', 'input')).toEqual({
      kind: 'NON_NULL',
      name: null,
      ofType: { name: 'MutationCreateRateInput' },
    });
    expect(arg(mutations, 'calculateTaxes', 'channelId')).toEqual({
      kind: 'NON_NULL',
      name: null,
      ofType: { name: 'ID' },
    });
    expect(arg(mutations, 'calculateTaxes', 'input')?.ofType?.name).toBe('MutationCalculateTaxesInput');
  });

  it('pages every list field with Relay arguments', () => {
    for (const list of ['classifications', 'jurisdictions', 'overrides', 'rates']) {
      const names = queries.find((f) => f.name === list)?.args.map((a) => a.name);
      expect({ list, names }).toEqual({
        list,
        names: expect.arrayContaining(['first', 'after', 'last', 'before']),
      });
    }
  });
});
