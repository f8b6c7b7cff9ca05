import { TestCredential } from '@platform/testing';
import { ClassificationRelations } from '../src/modules/classifications/classification-links.service';
import { GraphQLBody, TaxTestApp, dataOf, defaultsOf, startTaxTestApp } from './support/tax-test-app';

const RATE_FIELDS =
  'id name label status value { percentage amount { value currencyCode } } jurisdiction { id name }';

describe('tax subgraph domain (real Postgres and Redis)', () => {
  let tax: TaxTestApp;
  let store: string;
  let cred: TestCredential;

  beforeAll(async () => {
    tax = await startTaxTestApp('tax-domain');
    ({ store, cred } = defaultsOf(tax));
  });

  afterAll(async () => {
    await tax?.close();
  });

  const createRate = async (input: Record<string, unknown>, storeId = store) =>
    tax.gql(
      `mutation($input: MutationCreateRateInput!) { createRate(input: $input) { ${RATE_FIELDS} } }`,
      { input },
      { store: storeId },
    );
  const rateOf = (body: GraphQLBody) =>
    dataOf<{ createRate: { id: string; value: { percentage: string } } }>(body).createRate;
  const codeOf = (body: GraphQLBody) => body.errors?.[0]?.extensions.code;
  /** A classification's or override's relation fields, as a delete mutation answers them. */
  const OWNER_STATE = 'id rates { id } skuIds skus { id } skuGroupIds listIds references { name value }';
  const ownerState = (id: string, rateId: string, [sku, group, list]: string[], erp: string) => ({
    id,
    rates: [{ id: rateId }],
    skuIds: [sku],
    skus: [{ id: sku }],
    skuGroupIds: [group],
    listIds: [list],
    references: [{ name: 'erp', value: erp }],
  });

  describe('rate percentages (exact decimal strings)', () => {
    it.each([
      ['0', '0', '0.000000'],
      ['8.875', '8.875', '8.875000'],
      ['10.50', '10.5', '10.500000'],
      ['0.000001', '0.000001', '0.000001'],
      ['99.999999', '99.999999', '99.999999'],
      ['100', '100', '100.000000'],
    ])(
      'accepts %p, answers it canonically as %p, stores numeric %p',
      async (percentage, canonical, stored) => {
        const rate = rateOf(await createRate({ label: `P ${percentage}`, value: { percentage } }));
        expect(rate.value.percentage).toBe(canonical);
        const [row] = (await tax.dataSource.query(
          `SELECT percentage::text AS p, pg_typeof(percentage)::text AS t FROM tax.rates WHERE id = $1`,
          [rate.id],
        )) as { p: string; t: string }[];
        expect(row.t).toBe('numeric');
        expect(row.p).toBe(stored);
      },
    );

    it.each([
      ['8.8750001', 'INVALID_FORMAT'],
      ['1e2', 'INVALID_FORMAT'],
      ['-1', 'INVALID_FORMAT'],
      ['8,5', 'INVALID_FORMAT'],
      [' 8.5', 'INVALID_FORMAT'],
      ['.5', 'INVALID_FORMAT'],
      ['1000', 'INVALID_FORMAT'],
      ['NaN', 'INVALID_FORMAT'],
      ['100.000001', 'OUT_OF_RANGE'],
      ['101', 'OUT_OF_RANGE'],
    ])(
      'refuses %p with BAD_USER_INPUT at HTTP 200, field value.percentage %s, and stores nothing',
      async (percentage, fieldCode) => {
        const before = await tax.dataSource.query(`SELECT count(*)::int AS n FROM tax.rates`);
        const body = await createRate({ label: 'bad', value: { percentage } });
        expect(body).toEqual({
          data: { createRate: null },
          errors: [
            expect.objectContaining({
              path: ['createRate'],
              extensions: {
                code: 'BAD_USER_INPUT',
                fields: [{ path: 'value.percentage', code: fieldCode, message: expect.any(String) }],
              },
            }),
          ],
        });
        expect(await tax.dataSource.query(`SELECT count(*)::int AS n FROM tax.rates`)).toEqual(before);
      },
    );

    it('needs exactly one of percentage and amount', async () => {
      expect(codeOf(await createRate({ label: 'none', value: {} }))).toBe('BAD_USER_INPUT');
      const both = await createRate({
        label: 'both',
        value: { percentage: '1', amount: { value: 5, currencyCode: 'USD' } },
      });
      expect(both.errors?.[0].extensions.fields).toEqual([
        { path: 'value', code: 'INVALID_VALUE', message: expect.any(String) },
      ]);
    });

    it('takes a fixed amount in minor units and refuses a negative one or a bad currency', async () => {
      const rate = rateOf(
        await createRate({ label: 'Deposit', value: { amount: { value: 25, currencyCode: 'USD' } } }),
      );
      expect(rate.value).toEqual({ percentage: null, amount: { value: 25, currencyCode: 'USD' } });
      expect(
        (await createRate({ label: 'neg', value: { amount: { value: -1, currencyCode: 'USD' } } }))
          .errors?.[0].extensions.fields,
      ).toEqual([{ path: 'value.amount.value', code: 'OUT_OF_RANGE', message: expect.any(String) }]);
      expect(
        codeOf(await createRate({ label: 'cur', value: { amount: { value: 1, currencyCode: 'usd' } } })),
      ).toBe('BAD_USER_INPUT');
    });

    it('updates the value with the same rules and deactivates / activates', async () => {
      const rate = rateOf(await createRate({ label: 'Upd', value: { percentage: '5' } }));
      const updated = await tax.gql(
        `mutation($id: ID!) { updateRate(id: $id, input: { value: { percentage: "6.25" }, name: "vat" }) { name value { percentage } } }`,
        { id: rate.id },
      );
      expect(dataOf(updated)).toEqual({ updateRate: { name: 'vat', value: { percentage: '6.25' } } });
      const bad = await tax.gql(
        `mutation($id: ID!) { updateRate(id: $id, input: { value: { percentage: "6.2500001" } }) { id } }`,
        { id: rate.id },
      );
      expect(codeOf(bad)).toBe('BAD_USER_INPUT');
      const cleared = await tax.gql(
        `mutation($id: ID!) { updateRate(id: $id, input: { label: null }) { id } }`,
        { id: rate.id },
      );
      expect(cleared.errors?.[0].extensions.fields).toEqual([
        { path: 'label', code: 'REQUIRED', message: expect.any(String) },
      ]);
      expect(
        dataOf(await tax.gql(`mutation($id: ID!) { deactivateRate(id: $id) { status } }`, { id: rate.id })),
      ).toEqual({
        deactivateRate: { status: 'INACTIVE' },
      });
      expect(
        dataOf(await tax.gql(`mutation($id: ID!) { activateRate(id: $id) { status } }`, { id: rate.id })),
      ).toEqual({
        activateRate: { status: 'ACTIVE' },
      });
    });
  });

  describe('jurisdictions', () => {
    it('normalises codes, keeps names unique and refuses deleting one that rates use', async () => {
      const created = await tax.gql(
        `mutation { createJurisdiction(input: { name: "Los Angeles", countryCode: "us", regionCode: "US-ca", postalCodePrefix: "900 1" }) { id countryCode regionCode postalCodePrefix } }`,
      );
      const j = dataOf<{ createJurisdiction: { id: string } }>(created).createJurisdiction;
      expect(created.data?.createJurisdiction).toEqual({
        id: j.id,
        countryCode: 'US',
        regionCode: 'CA',
        postalCodePrefix: '9001',
      });
      const duplicate = await tax.gql(
        `mutation { createJurisdiction(input: { name: "Los Angeles", countryCode: "US" }) { id } }`,
      );
      expect(codeOf(duplicate)).toBe('JURISDICTION_NAME_TAKEN');
      const bad = await tax.gql(
        `mutation { createJurisdiction(input: { name: "X", countryCode: "USA" }) { id } }`,
      );
      expect(bad.errors?.[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [{ path: 'countryCode' }],
      });

      const rate = rateOf(
        await createRate({ label: 'LA', value: { percentage: '2.25' }, jurisdictionId: j.id }),
      );
      const inUse = await tax.gql(`mutation($id: ID!) { deleteJurisdiction(id: $id) { id } }`, { id: j.id });
      expect(inUse).toEqual({
        data: { deleteJurisdiction: null },
        errors: [expect.objectContaining({ extensions: { code: 'JURISDICTION_IN_USE' } })],
      });
      const withRates = await tax.gql(`query($id: ID!) { jurisdiction(id: $id) { name rates { id } } }`, {
        id: j.id,
      });
      expect(dataOf(withRates)).toEqual({ jurisdiction: { name: 'Los Angeles', rates: [{ id: rate.id }] } });

      await tax.gql(`mutation($id: ID!) { deleteRate(id: $id) { id } }`, { id: rate.id });
      // The public tax graph answers the deleted record as it was.
      expect(
        dataOf(
          await tax.gql(
            `mutation($id: ID!) { deleteJurisdiction(id: $id) { id name countryCode rates { id } } }`,
            {
              id: j.id,
            },
          ),
        ),
      ).toEqual({ deleteJurisdiction: { id: j.id, name: 'Los Angeles', countryCode: 'US', rates: [] } });
      expect(codeOf(await tax.gql(`query($id: ID!) { jurisdiction(id: $id) { id } }`, { id: j.id }))).toBe(
        'JURISDICTION_NOT_FOUND',
      );
    });

    it('refuses a rate in an unknown jurisdiction', async () => {
      const body = await createRate({ label: 'x', value: { percentage: '1' }, jurisdictionId: 'not-an-id' });
      expect(codeOf(body)).toBe('JURISDICTION_NOT_FOUND');
    });
  });

  describe('classifications, relations and references', () => {
    it('answers classification(id) with id, name, label', async () => {
      const created = dataOf<{ createClassification: { id: string } }>(
        await tax.gql(
          `mutation { createClassification(input: { name: "clothing", label: "Clothing" }) { id } }`,
        ),
      ).createClassification;
      const body = await tax.gql(`query($id: ID!) { classification(id: $id) { id name label } }`, {
        id: created.id,
      });
      expect(dataOf(body)).toEqual({
        classification: { id: created.id, name: 'clothing', label: 'Clothing' },
      });
      expect(
        codeOf(await tax.gql(`mutation { createClassification(input: { name: "clothing" }) { id } }`)),
      ).toBe('CLASSIFICATION_NAME_TAKEN');
      const missing = await tax.gql(`{ classification(id: "00000000-0000-4000-8000-000000000000") { id } }`);
      expect(missing).toEqual({
        data: { classification: null },
        errors: [expect.objectContaining({ extensions: { code: 'CLASSIFICATION_NOT_FOUND' } })],
      });
    });

    it('adds and removes rates, SKUs, SKU groups and lists, idempotently', async () => {
      const c = dataOf<{ createClassification: { id: string } }>(
        await tax.gql(`mutation { createClassification(input: { name: "food" }) { id } }`),
      ).createClassification;
      const r1 = rateOf(await createRate({ label: 'Food A', value: { percentage: '1' } }));
      const r2 = rateOf(await createRate({ label: 'Food B', value: { percentage: '2' } }));
      const fields = 'rates { id } skuIds skus { id } skuGroupIds listIds';
      await tax.gql(
        `mutation($c: ID!, $ids: [ID!]!) { addRatesToClassification(classificationId: $c, input: { rateIds: $ids }) { id } }`,
        {
          c: c.id,
          ids: [r1.id, r2.id],
        },
      );
      await tax.gql(
        `mutation($c: ID!) { addSkusToClassification(classificationId: $c, input: { skuIds: ["sku-1", "sku-2", "sku-1"] }) { id } }`,
        { c: c.id },
      );
      await tax.gql(
        `mutation($c: ID!) { addSkusToClassification(classificationId: $c, input: { skuIds: ["sku-1"] }) { id } }`,
        { c: c.id },
      );
      await tax.gql(
        `mutation($c: ID!) { addSkusGroupsToClassification(classificationId: $c, input: { skuGroupIds: ["g-1"] }) { id } }`,
        { c: c.id },
      );
      const listed = await tax.gql(
        `mutation($c: ID!) { addListsToClassification(classificationId: $c, input: { listIds: ["l-1"] }) { ${fields} } }`,
        {
          c: c.id,
        },
      );
      expect(dataOf(listed)).toEqual({
        addListsToClassification: {
          rates: [{ id: r1.id }, { id: r2.id }],
          skuIds: ['sku-1', 'sku-2'],
          skus: [{ id: 'sku-1' }, { id: 'sku-2' }],
          skuGroupIds: ['g-1'],
          listIds: ['l-1'],
        },
      });
      const removed = await tax.gql(
        `mutation($c: ID!, $r: ID!) {
          a: removeRatesFromClassification(classificationId: $c, input: { rateIds: [$r] }) { id }
          b: removeSkusFromClassification(classificationId: $c, input: { skuIds: ["sku-2", "never-added"] }) { id }
          c: removeSkusGroupsFromClassification(classificationId: $c, input: { skuGroupIds: ["g-1"] }) { id }
          d: removeListsFromClassification(classificationId: $c, input: { listIds: ["l-1"] }) { ${fields} }
        }`,
        { c: c.id, r: r1.id },
      );
      expect(dataOf<{ d: unknown }>(removed).d).toEqual({
        rates: [{ id: r2.id }],
        skuIds: ['sku-1'],
        skus: [{ id: 'sku-1' }],
        skuGroupIds: [],
        listIds: [],
      });
    });

    it('refuses an empty or oversized id list and unknown rates', async () => {
      const c = dataOf<{ createClassification: { id: string } }>(
        await tax.gql(`mutation { createClassification(input: { name: "limits" }) { id } }`),
      ).createClassification;
      const empty = await tax.gql(
        `mutation($c: ID!) { addSkusToClassification(classificationId: $c, input: { skuIds: [] }) { id } }`,
        { c: c.id },
      );
      expect(empty.errors?.[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [{ path: 'skuIds', code: 'OUT_OF_RANGE' }],
      });
      const many = Array.from({ length: 101 }, (_, i) => `s${i}`);
      const tooMany = await tax.gql(
        `mutation($c: ID!, $ids: [String!]!) { addSkusToClassification(classificationId: $c, input: { skuIds: $ids }) { id } }`,
        {
          c: c.id,
          ids: many,
        },
      );
      expect(codeOf(tooMany)).toBe('BAD_USER_INPUT');
      const unknownRate = await tax.gql(
        `mutation($c: ID!) { addRatesToClassification(classificationId: $c, input: { rateIds: ["00000000-0000-4000-8000-000000000001"] }) { id } }`,
        {
          c: c.id,
        },
      );
      expect(codeOf(unknownRate)).toBe('RATE_NOT_FOUND');
    });

    it('sets and deletes external references, and filters lists by reference value', async () => {
      const rate = rateOf(await createRate({ label: 'Referenced', value: { percentage: '3' } }));
      const set = await tax.gql(
        `mutation($id: ID!) { createReferencesForRate(id: $id, input: { references: [{ name: "avalara", value: "P0000000" }, { name: "erp", value: "R-1" }] }) { references { name value } } }`,
        { id: rate.id },
      );
      expect(dataOf(set)).toEqual({
        createReferencesForRate: {
          references: [
            { name: 'avalara', value: 'P0000000' },
            { name: 'erp', value: 'R-1' },
          ],
        },
      });
      const replaced = await tax.gql(
        `mutation($id: ID!) { createReferencesForRate(id: $id, input: { references: [{ name: "erp", value: "R-2" }] }) { references { name value } } }`,
        { id: rate.id },
      );
      expect(
        dataOf<{ createReferencesForRate: { references: unknown[] } }>(replaced).createReferencesForRate
          .references,
      ).toContainEqual({
        name: 'erp',
        value: 'R-2',
      });
      const found = await tax.gql(`{ rates(first: 10, referenceValue: { eq: "R-2" }) { nodes { id } } }`);
      expect(dataOf(found)).toEqual({ rates: { nodes: [{ id: rate.id }] } });
      const deleted = await tax.gql(
        `mutation($id: ID!) { deleteReferencesFromRate(id: $id, input: { names: ["erp", "unknown"] }) { references { name } } }`,
        {
          id: rate.id,
        },
      );
      expect(dataOf(deleted)).toEqual({ deleteReferencesFromRate: { references: [{ name: 'avalara' }] } });
      const bad = await tax.gql(
        `mutation($id: ID!) { createReferencesForRate(id: $id, input: { references: [{ name: "bad name!", value: "x" }] }) { id } }`,
        {
          id: rate.id,
        },
      );
      expect(bad.errors?.[0].extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [{ path: 'references.0.name' }],
      });
    });

    it('answers deleteClassification and deleteRate with the record as it was, its relations included', async () => {
      const c = dataOf<{ createClassification: { id: string } }>(
        await tax.gql(
          `mutation { createClassification(input: { name: "to-delete", label: "Gone" }) { id } }`,
        ),
      ).createClassification;
      const rate = rateOf(await createRate({ label: 'Doomed', value: { percentage: '7' } }));
      await tax.gql(
        `mutation($c: ID!, $r: ID!) {
          addRatesToClassification(classificationId: $c, input: { rateIds: [$r] }) { id }
          addSkusToClassification(classificationId: $c, input: { skuIds: ["sku-d"] }) { id }
          addSkusGroupsToClassification(classificationId: $c, input: { skuGroupIds: ["group-d"] }) { id }
          addListsToClassification(classificationId: $c, input: { listIds: ["list-d"] }) { id }
          createReferencesForClassification(id: $c, input: { references: [{ name: "erp", value: "C-9" }] }) { id }
          createReferencesForRate(id: $r, input: { references: [{ name: "erp", value: "R-9" }] }) { id }
        }`,
        { c: c.id, r: rate.id },
      );
      const deleted = await tax.gql(
        `mutation($c: ID!) { deleteClassification(id: $c) { name label ${OWNER_STATE} } }`,
        { c: c.id.toUpperCase() },
      );
      expect(dataOf(deleted)).toEqual({
        deleteClassification: {
          name: 'to-delete',
          label: 'Gone',
          ...ownerState(c.id, rate.id, ['sku-d', 'group-d', 'list-d'], 'C-9'),
        },
      });
      expect(codeOf(await tax.gql(`query($c: ID!) { classification(id: $c) { id } }`, { c: c.id }))).toBe(
        'CLASSIFICATION_NOT_FOUND',
      );

      const deletedRate = await tax.gql(
        `mutation($r: ID!) { deleteRate(id: $r) { id label status value { percentage } references { name value } } }`,
        { r: rate.id },
      );
      expect(dataOf(deletedRate)).toEqual({
        deleteRate: {
          id: rate.id,
          label: 'Doomed',
          status: 'ACTIVE',
          value: { percentage: '7' },
          references: [{ name: 'erp', value: 'R-9' }],
        },
      });
      const again = await tax.gql(`mutation($r: ID!) { deleteRate(id: $r) { id } }`, { r: rate.id });
      expect(again).toEqual({
        data: { deleteRate: null },
        errors: [expect.objectContaining({ extensions: { code: 'RATE_NOT_FOUND' } })],
      });
    });

    it('resolves Classification as a federation entity (_entities) with the read scope only', async () => {
      const c = dataOf<{ createClassification: { id: string } }>(
        await tax.gql(`mutation { createClassification(input: { name: "entity", label: "Entity" }) { id } }`),
      ).createClassification;
      const query = `query($r: [_Any!]!) { _entities(representations: $r) { ... on Classification { id name label } } }`;
      const representations = [
        { __typename: 'Classification', id: c.id },
        { __typename: 'Classification', id: '00000000-0000-4000-8000-000000000002' },
      ];
      expect(dataOf(await tax.gql(query, { r: representations }))).toEqual({
        _entities: [{ id: c.id, name: 'entity', label: 'Entity' }, null],
      });
      const writer = await tax.credential(['commerce.tax:write'], [store]);
      const forbidden = await tax.gql(query, { r: representations.slice(0, 1) }, { cred: writer });
      expect(forbidden.errors?.[0].extensions.code).toBe('FORBIDDEN');
    });
  });

  describe('overrides', () => {
    it('creates, scopes to a jurisdiction, activates and relates an override', async () => {
      const j = dataOf<{ createJurisdiction: { id: string } }>(
        await tax.gql(
          `mutation { createJurisdiction(input: { name: "NY", countryCode: "US", regionCode: "NY" }) { id } }`,
        ),
      ).createJurisdiction;
      const created = await tax.gql(
        `mutation($j: ID!) { createOverride(input: { name: "Books", type: EXEMPTION, jurisdictionId: $j, status: INACTIVE }) { id type status jurisdiction { id } } }`,
        { j: j.id },
      );
      const o = dataOf<{ createOverride: { id: string } }>(created).createOverride;
      expect(created.data?.createOverride).toEqual({
        id: o.id,
        type: 'EXEMPTION',
        status: 'INACTIVE',
        jurisdiction: { id: j.id },
      });
      const rate = rateOf(await createRate({ label: 'Reduced', value: { percentage: '1' } }));
      const related = await tax.gql(
        `mutation($o: ID!, $r: ID!) {
          addRatesToOverride(overrideId: $o, input: { rateIds: [$r] }) { id }
          addSkuGroupsToOverride(overrideId: $o, input: { skuGroupIds: ["books"] }) { id }
          addListsToOverride(overrideId: $o, input: { listIds: ["l"] }) { id }
          addSkusToOverride(overrideId: $o, input: { skuIds: ["isbn-1"] }) { id }
          activateOverride(id: $o) { status rates { id } skuIds skuGroupIds listIds }
        }`,
        { o: o.id, r: rate.id },
      );
      expect(dataOf<{ activateOverride: unknown }>(related).activateOverride).toEqual({
        status: 'ACTIVE',
        rates: [{ id: rate.id }],
        skuIds: ['isbn-1'],
        skuGroupIds: ['books'],
        listIds: ['l'],
      });
      const listed = await tax.gql(`{ overrides(first: 5, status: { eq: ACTIVE }) { nodes { id } } }`);
      expect(
        dataOf<{ overrides: { nodes: { id: string }[] } }>(listed).overrides.nodes.map((n) => n.id),
      ).toContain(o.id);
      await tax.gql(
        `mutation($o: ID!) { createReferencesForOverride(id: $o, input: { references: [{ name: "erp", value: "o-1" }] }) { id } }`,
        { o: o.id },
      );
      const deleted = await tax.gql(
        `mutation($o: ID!) { deleteOverride(id: $o) { type status jurisdiction { id } ${OWNER_STATE} } }`,
        { o: o.id },
      );
      expect(dataOf(deleted)).toEqual({
        deleteOverride: {
          type: 'EXEMPTION',
          status: 'ACTIVE',
          jurisdiction: { id: j.id },
          ...ownerState(o.id, rate.id, ['isbn-1', 'books', 'l'], 'o-1'),
        },
      });
      expect(codeOf(await tax.gql(`query($o: ID!) { override(id: $o) { id } }`, { o: o.id }))).toBe(
        'OVERRIDE_NOT_FOUND',
      );
      expect(codeOf(await tax.gql(`mutation($o: ID!) { deleteOverride(id: $o) { id } }`, { o: o.id }))).toBe(
        'OVERRIDE_NOT_FOUND',
      );
    });
  });

  describe('cursor paging', () => {
    let pagingStore: string;
    const labels = ['E', 'A', 'D', 'B', 'C'];

    beforeAll(async () => {
      pagingStore = tax.store(cred);
      for (const label of labels) await createRate({ label, value: { percentage: '1' } }, pagingStore);
    });

    const page = async (args: string) => {
      const body = await tax.gql(
        `{ rates(${args}) { edges { cursor node { label } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }`,
        undefined,
        {
          store: pagingStore,
        },
      );
      return dataOf<{
        rates: {
          edges: { cursor: string; node: { label: string } }[];
          pageInfo: {
            hasNextPage: boolean;
            hasPreviousPage: boolean;
            endCursor: string;
            startCursor: string;
          };
        };
      }>(body).rates;
    };

    it('walks forward with first/after in creation order without gaps or repeats', async () => {
      const seen: string[] = [];
      let after = '';
      for (;;) {
        const p = await page(`first: 2${after ? `, after: "${after}"` : ''}`);
        seen.push(...p.edges.map((e) => e.node.label));
        if (!p.pageInfo.hasNextPage) break;
        after = p.pageInfo.endCursor;
      }
      expect(seen).toEqual(labels);
    });

    it('walks backward with last/before', async () => {
      const last = await page('last: 2');
      expect(last.edges.map((e) => e.node.label)).toEqual(['B', 'C']);
      expect(last.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
      const before = await page(`last: 2, before: "${last.pageInfo.startCursor}"`);
      expect(before.edges.map((e) => e.node.label)).toEqual(['A', 'D']);
    });

    it('orders by label descending', async () => {
      const p = await page('first: 3, orderBy: { field: LABEL, direction: DESC }');
      expect(p.edges.map((e) => e.node.label)).toEqual(['E', 'D', 'C']);
      const next = await page(
        `first: 3, after: "${p.pageInfo.endCursor}", orderBy: { field: LABEL, direction: DESC }`,
      );
      expect(next.edges.map((e) => e.node.label)).toEqual(['B', 'A']);
    });

    it('refuses a cursor of another order, a made-up cursor and first with last', async () => {
      const p = await page('first: 1');
      const other = await tax.gql(
        `{ rates(first: 1, after: "${p.pageInfo.endCursor}", orderBy: { field: LABEL }) { nodes { id } } }`,
        undefined,
        {
          store: pagingStore,
        },
      );
      expect(other.errors?.[0].extensions).toEqual({
        code: 'BAD_USER_INPUT',
        fields: [{ path: 'after', code: 'INVALID_CURSOR', message: expect.any(String) }],
      });
      expect(
        codeOf(
          await tax.gql(`{ rates(first: 1, after: "garbage") { nodes { id } } }`, undefined, {
            store: pagingStore,
          }),
        ),
      ).toBe('BAD_USER_INPUT');
      expect(
        codeOf(
          await tax.gql(`{ rates(first: 1, last: 1) { nodes { id } } }`, undefined, { store: pagingStore }),
        ),
      ).toBe('BAD_USER_INPUT');
    });
  });

  describe('store isolation', () => {
    it('keeps a rate of store A invisible and untouchable with x-store-id B', async () => {
      const storeB = tax.store(cred);
      const rate = rateOf(await createRate({ label: 'A only', value: { percentage: '4' } }));
      const read = await tax.gql(
        `query($id: ID!) { rate(id: $id) { id } }`,
        { id: rate.id },
        { store: storeB },
      );
      expect(read).toEqual({
        data: { rate: null },
        errors: [expect.objectContaining({ extensions: { code: 'RATE_NOT_FOUND' } })],
      });
      const list = await tax.gql(
        `query($id: ID!) { rates(first: 100, id: { eq: $id }) { nodes { id } } }`,
        { id: rate.id },
        { store: storeB },
      );
      expect(dataOf(list)).toEqual({ rates: { nodes: [] } });
      for (const mutation of [
        `updateRate(id: $id, input: { label: "stolen" }) { id }`,
        `deactivateRate(id: $id) { id }`,
        `deleteRate(id: $id) { id }`,
        `createReferencesForRate(id: $id, input: { references: [{ name: "x", value: "y" }] }) { id }`,
      ]) {
        expect(
          codeOf(await tax.gql(`mutation($id: ID!) { ${mutation} }`, { id: rate.id }, { store: storeB })),
        ).toBe('RATE_NOT_FOUND');
      }
      const c = dataOf<{ createClassification: { id: string } }>(
        await tax.gql(`mutation { createClassification(input: { name: "B's" }) { id } }`, undefined, {
          store: storeB,
        }),
      ).createClassification;
      const link = await tax.gql(
        `mutation($c: ID!, $r: ID!) { addRatesToClassification(classificationId: $c, input: { rateIds: [$r] }) { id } }`,
        { c: c.id, r: rate.id },
        { store: storeB },
      );
      expect(codeOf(link)).toBe('RATE_NOT_FOUND');
      expect(dataOf(await tax.gql(`query($id: ID!) { rate(id: $id) { label } }`, { id: rate.id }))).toEqual({
        rate: { label: 'A only' },
      });
    });

    it('keeps the same classification name free in another store', async () => {
      const storeC = tax.store(cred);
      await tax.gql(`mutation { createClassification(input: { name: "shared-name" }) { id } }`);
      expect(
        dataOf(
          await tax.gql(
            `mutation { createClassification(input: { name: "shared-name" }) { name } }`,
            undefined,
            { store: storeC },
          ),
        ),
      ).toEqual({
        createClassification: { name: 'shared-name' },
      });
    });
  });

  describe('batching (no N+1)', () => {
    it('loads the rates and members of every classification of a page with one query each', async () => {
      const batchStore = tax.store(cred);
      const rate = rateOf(await createRate({ label: 'Shared', value: { percentage: '1' } }, batchStore));
      for (let i = 0; i < 6; i++) {
        const c = dataOf<{ createClassification: { id: string } }>(
          await tax.gql(`mutation { createClassification(input: { name: "b${i}" }) { id } }`, undefined, {
            store: batchStore,
          }),
        ).createClassification;
        await tax.gql(
          `mutation($c: ID!, $r: ID!) { addRatesToClassification(classificationId: $c, input: { rateIds: [$r] }) { id } }`,
          { c: c.id, r: rate.id },
          { store: batchStore },
        );
      }
      const relations = tax.app.get(ClassificationRelations);
      const ratesOf = jest.spyOn(relations, 'ratesOf');
      const membersOf = jest.spyOn(relations, 'membersOf');
      try {
        const body = await tax.gql(
          `{ classifications(first: 10) { nodes { id rates { id jurisdiction { id } } skuIds skus { id } listIds references { name } } } }`,
          undefined,
          {
            store: batchStore,
          },
        );
        expect(dataOf<{ classifications: { nodes: unknown[] } }>(body).classifications.nodes).toHaveLength(6);
        expect(ratesOf).toHaveBeenCalledTimes(1);
        expect(ratesOf.mock.calls[0][1]).toHaveLength(6);
        expect(membersOf).toHaveBeenCalledTimes(1);
      } finally {
        ratesOf.mockRestore();
        membersOf.mockRestore();
      }
    });
  });
});
