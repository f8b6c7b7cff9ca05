import { randomUUID } from 'node:crypto';
import type { RecordKind } from './support/catalog-kind';
import {
  CATALOG_KINDS,
  CATALOG_RELATIONS,
  createInputName,
  kindOf,
  relationMutationNames,
} from './support/catalog-kinds';
import {
  CatalogTestApp,
  Connection,
  GqlOptions,
  dataOf,
  nodeSelection,
  startCatalogTestApp,
} from './support/catalog-test-app';

const KINDS = CATALOG_KINDS as readonly RecordKind[];

interface Rec {
  id: string;
  name: string;
  status: string;
  [field: string]: unknown;
}

type Conn = Connection<Rec>;

/** The smallest valid create input of a kind (its required fields, a parent made first). */
async function minimalInput(
  catalog: CatalogTestApp,
  def: RecordKind,
  name: string,
  options?: GqlOptions,
): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = { name };
  for (const [field, spec] of Object.entries(def.fields)) {
    if (!spec.required) continue;
    input[field] =
      spec.type === 'money' ? { value: 1999, currencyCode: 'USD' } : 'https://cdn.example.com/a.png';
  }
  if (def.parent)
    input[def.parent.field] = (await create(catalog, kindOf(def.parent.kind), `${name} parent`, options)).id;
  return input;
}

async function create(
  catalog: CatalogTestApp,
  def: RecordKind,
  name: string,
  options?: GqlOptions,
  extra: Record<string, unknown> = {},
): Promise<Rec> {
  const input = { ...(await minimalInput(catalog, def, name, options)), ...extra };
  const body = await catalog.gql(
    `mutation ($input: ${createInputName(def)}!) { r: create${def.name}(input: $input) { ${nodeSelection(def, 'id name status createdAt updatedAt archivedAt')} } }`,
    { input },
    options,
  );
  return dataOf<{ r: Rec }>(body).r;
}

type Operation = [query: string, variables: Record<string, unknown>];

/** update<Name> as the kind takes it: `(id, input)`, or `(input)` naming the record (inputOnlyMutations). */
function updateOp(def: RecordKind, id: string, input: Record<string, unknown>, selection: string): Operation {
  return def.inputOnlyMutations
    ? [
        `mutation ($input: MutationUpdate${def.name}Input!) { r: update${def.name}(input: $input) { ${nodeSelection(def, selection)} } }`,
        { input: { ...input, id } },
      ]
    : [
        `mutation ($id: String!, $input: MutationUpdate${def.name}Input!) { r: update${def.name}(id: $id, input: $input) { ${nodeSelection(def, selection)} } }`,
        { id, input },
      ];
}

/** archive<Name> as the kind takes it: `(id)` or `(input: { id })`. */
function archiveOp(def: RecordKind, id: string, selection: string): Operation {
  return def.inputOnlyMutations
    ? [
        `mutation ($input: MutationArchive${def.name}Input!) { r: archive${def.name}(input: $input) { ${nodeSelection(def, selection)} } }`,
        { input: { id } },
      ]
    : [
        `mutation ($id: String!) { r: archive${def.name}(id: $id) { ${nodeSelection(def, selection)} } }`,
        { id },
      ];
}

function errorCodes(body: { errors?: { extensions: { code: string } }[] }): string[] {
  return (body.errors ?? []).map((e) => e.extensions.code);
}

describe('catalog records: every kind and relation of the definitions (real Postgres)', () => {
  let catalog: CatalogTestApp;

  beforeAll(async () => {
    catalog = await startCatalogTestApp('catalog-records');
  });

  afterAll(async () => {
    await catalog?.close();
  });

  describe.each(KINDS.map((def) => [def.typeName, def] as const))('%s', (_name, def) => {
    it(`create${def.name}, ${def.single}, update${def.name}, archive${def.name} persist and read back`, async () => {
      const created = await create(catalog, def, `first ${def.kind}`, undefined, { label: 'Label 1' });
      expect(created).toMatchObject({ name: `first ${def.kind}`, status: 'ACTIVE', archivedAt: null });
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);

      const read = dataOf<{ r: Rec }>(
        await catalog.gql(`query ($id: String!) { r: ${def.single}(id: $id) { id name label status } }`, {
          id: created.id,
        }),
      ).r;
      expect(read).toEqual({ id: created.id, name: `first ${def.kind}`, label: 'Label 1', status: 'ACTIVE' });

      const updated = dataOf<{ r: Rec }>(
        await catalog.gql(
          ...updateOp(
            def,
            created.id,
            { name: `renamed ${def.kind}`, label: null, status: 'DRAFT' },
            'id name label status updatedAt',
          ),
        ),
      ).r;
      expect(updated).toMatchObject({ name: `renamed ${def.kind}`, label: null, status: 'DRAFT' });
      expect(Date.parse(String(updated.updatedAt))).toBeGreaterThanOrEqual(
        Date.parse(String(created.updatedAt)),
      );

      const archived = dataOf<{ r: Rec }>(
        await catalog.gql(...archiveOp(def, created.id, 'id status archivedAt')),
      ).r;
      expect(archived.status).toBe('ARCHIVED');
      expect(archived.archivedAt).not.toBeNull();
      // Idempotent; an archived record no longer changes.
      const again = await catalog.gql(...archiveOp(def, created.id, 'archivedAt'));
      expect(dataOf<{ r: Rec }>(again).r.archivedAt).toBe(archived.archivedAt);
      const refused = await catalog.gql(...updateOp(def, created.id, { name: 'x' }, 'id'));
      expect(errorCodes(refused)).toEqual([`${def.kind}_ARCHIVED`]);
    });

    it(`${def.plural}: keyset pages in both directions, totalCount, filters, archived left out by default`, async () => {
      const store = catalog.store(catalog.defaults.cred);
      const options = { store };
      const rows: Rec[] = [];
      for (let i = 0; i < 5; i++) rows.push(await create(catalog, def, `item ${i}`, options));
      const parentArg = def.parent
        ? `, ${def.parent.field}: { eq: "${String((await parentOf(def, rows[0].id, store)) ?? '')}" }`
        : '';
      const listRaw = (args: string) =>
        catalog.gql(
          `{ c: ${def.plural}(${args}) { edges { cursor node { ${nodeSelection(def, 'id name status')} } } nodes { ${nodeSelection(def, 'id')} } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } }`,
          undefined,
          options,
        );
      const list = async (args: string): Promise<Conn> => dataOf<{ c: Conn }>(await listRaw(args)).c;

      const first = await list('first: 2');
      expect(first.nodes.map((n) => n.id)).toEqual([rows[0].id, rows[1].id]);
      expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
      expect(first.totalCount).toBe(5);
      const second = await list(`first: 2, after: "${first.pageInfo.endCursor}"`);
      expect(second.nodes.map((n) => n.id)).toEqual([rows[2].id, rows[3].id]);
      const third = await list(`first: 2, after: "${second.pageInfo.endCursor}"`);
      expect(third.nodes.map((n) => n.id)).toEqual([rows[4].id]);
      expect(third.pageInfo.hasNextPage).toBe(false);
      const back = await list(`last: 2, before: "${third.pageInfo.startCursor}"`);
      expect(back.nodes.map((n) => n.id)).toEqual([rows[2].id, rows[3].id]);

      const byName = await list('first: 10, orderBy: { name: DESC }');
      expect(byName.nodes.map((n) => n.id)).toEqual([...rows].reverse().map((r) => r.id));
      const byNamePage = await list('first: 3, orderBy: { name: DESC }');
      const byNameRest = await list(
        `first: 3, orderBy: { name: DESC }, after: "${byNamePage.pageInfo.endCursor}"`,
      );
      expect([...byNamePage.nodes, ...byNameRest.nodes].map((n) => n.id)).toEqual(
        byName.nodes.map((n) => n.id),
      );
      const byId = await list('first: 10, orderBy: { id: ASC }');
      expect(byId.nodes.map((n) => n.id)).toEqual(rows.map((r) => r.id).sort());
      const byIdPage = await list(`first: 2, orderBy: { id: ASC }, after: "${byId.edges[1].cursor}"`);
      expect(byIdPage.nodes.map((n) => n.id)).toEqual(byId.nodes.slice(2, 4).map((n) => n.id));
      expect((await list('first: 10, orderBy: { createdAt: DESC }')).nodes.map((n) => n.id)).toEqual(
        [...rows].reverse().map((r) => r.id),
      );
      expect(errorCodes(await listRaw('first: 10, orderBy: { name: ASC, id: ASC }'))).toEqual([
        'BAD_USER_INPUT',
      ]);
      expect(errorCodes(await listRaw('first: 10, paginationType: OFFSET'))).toEqual(['BAD_USER_INPUT']);
      expect((await list('first: 10, paginationType: CURSOR')).totalCount).toBe(5);
      expect((await list('first: 10, name: { in: ["item 1", "item 2", "nope"] }')).totalCount).toBe(2);
      expect(
        (await list(`first: 10, createdAt: { lt: "${new Date(Date.now() + 60_000).toISOString()}" }`))
          .totalCount,
      ).toBe(5);
      expect(
        (await list(`first: 10, updatedAt: { gt: "${new Date(Date.now() + 60_000).toISOString()}" }`))
          .totalCount,
      ).toBe(0);
      // No record of the kind has a reference of this value (kinds without references have none).
      expect((await list('first: 10, referenceValue: { eq: "no-such-ref" }')).totalCount).toBe(0);
      expect((await list('first: 10, name: { eq: "item 3" }')).nodes.map((n) => n.id)).toEqual([rows[3].id]);
      expect((await list('first: 10, name: { contains: "EM 4" }')).nodes.map((n) => n.id)).toEqual([
        rows[4].id,
      ]);
      expect((await list('first: 10, name: { startsWith: "item" }')).totalCount).toBe(5);
      expect(
        (await list(`first: 10, id: { in: ["${rows[1].id}", "${rows[2].id}", "nope"] }`)).totalCount,
      ).toBe(2);
      expect(
        (await list(`first: 10, createdAt: { gt: "${new Date(Date.now() + 60_000).toISOString()}" }`))
          .totalCount,
      ).toBe(0);
      if (parentArg) {
        expect((await list(`first: 10${parentArg}`)).nodes.map((n) => n.id)).toEqual([rows[0].id]);
        const parentInArg = parentArg.replace(/: \{ eq: ("[^"]*") \}/, ': { in: [$1, "nope"] }');
        expect((await list(`first: 10${parentInArg}`)).nodes.map((n) => n.id)).toEqual([rows[0].id]);
      }

      await catalog.gql(...archiveOp(def, rows[0].id, 'id'), options);
      expect((await list('first: 10')).totalCount).toBe(4);
      const archived = await list('first: 10, status: { eq: "ARCHIVED" }');
      expect(archived.nodes.map((n) => n.id)).toEqual([rows[0].id]);
      expect((await list('first: 10, status: { in: ["ACTIVE", "ARCHIVED"] }')).totalCount).toBe(5);

      // Another store sees none of them, by list or by id.
      const other = catalog.store(catalog.defaults.cred);
      const otherList = await catalog.gql(`{ c: ${def.plural}(first: 5) { totalCount } }`, undefined, {
        store: other,
      });
      expect(dataOf<{ c: Conn }>(otherList).c.totalCount).toBe(0);
      const otherOne = await catalog.gql(`{ r: ${def.single}(id: "${rows[1].id}") { id } }`, undefined, {
        store: other,
      });
      expect(errorCodes(otherOne)).toEqual([`${def.kind}_NOT_FOUND`]);
    });
  });

  async function parentOf(def: RecordKind, id: string, store: string): Promise<string | undefined> {
    if (!def.parent) return undefined;
    const body = await catalog.gql(
      `{ r: ${def.single}(id: "${id}") { p: ${def.parent.field} } }`,
      undefined,
      {
        store,
      },
    );
    return dataOf<{ r: { p: string } }>(body).r.p;
  }

  describe.each(CATALOG_RELATIONS.map((r) => [r.relation, r] as const))('relation %s', (_name, relation) => {
    it('add… links members idempotently and in order, the owner lists them, remove… unlinks', async () => {
      const ownerDef = kindOf(relation.owner);
      const owner = await create(catalog, ownerDef, 'owner');
      const memberDef = 'kind' in relation.member ? kindOf(relation.member.kind) : undefined;
      const members = memberDef
        ? [(await create(catalog, memberDef, 'm1')).id, (await create(catalog, memberDef, 'm2')).id]
        : [randomUUID(), randomUUID()];
      const { add, remove } = relationMutationNames(relation);
      // Record members are a connection (its nodes, in the order added); channels a list of ids.
      const selection = memberDef
        ? `${relation.field} { nodes { ${nodeSelection(memberDef, 'id')} } }`
        : relation.field;
      const ids = (r: Record<string, unknown>) =>
        memberDef
          ? (r[relation.field] as { nodes: { id: string }[] }).nodes.map((m) => m.id)
          : (r[relation.field] as string[]);

      const added = dataOf<{ r: Record<string, unknown> }>(
        await catalog.gql(
          `mutation ($o: String!, $ids: [String!]!) { r: ${add}(id: $o, input: { ${relation.idsField}: $ids }) { id ${selection} } }`,
          { o: owner.id, ids: [members[1], members[0], members[1]] },
        ),
      ).r;
      expect(ids(added)).toEqual([members[1], members[0]]);
      const again = dataOf<{ r: Record<string, unknown> }>(
        await catalog.gql(
          `mutation ($o: String!, $ids: [String!]!) { r: ${add}(id: $o, input: { ${relation.idsField}: $ids }) { ${selection} } }`,
          { o: owner.id, ids: [members[0]] },
        ),
      ).r;
      expect(ids(again)).toEqual([members[1], members[0]]);

      const read = dataOf<{ r: Record<string, unknown> }>(
        await catalog.gql(`query ($id: String!) { r: ${ownerDef.single}(id: $id) { ${selection} } }`, {
          id: owner.id,
        }),
      ).r;
      expect(ids(read)).toEqual([members[1], members[0]]);

      const removed = dataOf<{ r: Record<string, unknown> }>(
        await catalog.gql(
          `mutation ($o: String!, $ids: [String!]!) { r: ${remove}(id: $o, input: { ${relation.idsField}: $ids }) { ${selection} } }`,
          { o: owner.id, ids: [members[1], randomUUID()] },
        ),
      ).r;
      expect(ids(removed)).toEqual([members[0]]);

      // A member that is not in the store, or an owner that is not, is refused and nothing changes.
      const missing = await catalog.gql(
        `mutation ($o: String!, $ids: [String!]!) { r: ${add}(id: $o, input: { ${relation.idsField}: $ids }) { id } }`,
        { o: owner.id, ids: [members[1], memberDef ? randomUUID() : 'not-a-uuid'] },
      );
      expect(errorCodes(missing)).toEqual([memberDef ? `${memberDef.kind}_NOT_FOUND` : 'BAD_USER_INPUT']);
      const noOwner = await catalog.gql(
        `mutation ($o: String!, $ids: [String!]!) { r: ${add}(id: $o, input: { ${relation.idsField}: $ids }) { id } }`,
        { o: randomUUID(), ids: [members[1]] },
      );
      expect(errorCodes(noOwner)).toEqual([`${ownerDef.kind}_NOT_FOUND`]);
      const after = dataOf<{ r: Record<string, unknown> }>(
        await catalog.gql(`query ($id: String!) { r: ${ownerDef.single}(id: $id) { ${selection} } }`, {
          id: owner.id,
        }),
      ).r;
      expect(ids(after)).toEqual([members[0]]);
    });
  });

  describe.each(KINDS.filter((k) => k.references).map((def) => [def.typeName, def] as const))(
    'references of %s',
    (_name, def) => {
      it(`addReferencesTo${def.name}, references, ${def.plural}(referenceValue), removeReferencesFrom${def.name}`, async () => {
        const store = catalog.store(catalog.defaults.cred);
        const record = await create(catalog, def, 'with refs', { store });
        await create(catalog, def, 'without refs', { store });
        const set = await catalog.gql(
          `mutation ($id: String!) { r: addReferencesTo${def.name}(id: $id, input: { references: [{ name: "erp", value: "E-1" }, { name: "pim", value: "P-9" }] }) { ${nodeSelection(def, 'id references { nodes { name value } }')} } }`,
          { id: record.id },
          { store },
        );
        expect(dataOf<{ r: { references: { nodes: unknown[] } } }>(set).r.references.nodes).toEqual([
          { name: 'erp', value: 'E-1' },
          { name: 'pim', value: 'P-9' },
        ]);
        const found = await catalog.gql(
          `{ c: ${def.plural}(first: 10, referenceValue: { eq: "P-9" }) { nodes { ${nodeSelection(def, 'id')} } totalCount } }`,
          undefined,
          { store },
        );
        expect(dataOf<{ c: Conn }>(found).c.nodes).toEqual([{ id: record.id }]);
        const deleted = await catalog.gql(
          `mutation ($id: String!) { r: removeReferencesFrom${def.name}(id: $id, input: { names: ["pim", "unknown"] }) { ${nodeSelection(def, 'references { nodes { name } }')} } }`,
          { id: record.id },
          { store },
        );
        expect(dataOf<{ r: { references: { nodes: unknown[] } } }>(deleted).r.references.nodes).toEqual([
          { name: 'erp' },
        ]);
      });
    },
  );

  describe.each(KINDS.filter((k) => k.parent).map((def) => [def.typeName, def] as const))(
    'children of %s',
    (_name, def) => {
      it('the parent lists its children (archived left out, oldest first); the child names its parent', async () => {
        const parentDef = kindOf(def.parent?.kind ?? '');
        const field = def.parent?.field ?? '';
        const parent = await create(catalog, parentDef, 'parent');
        const children = [];
        for (const name of ['c1', 'c2', 'c3'])
          children.push(await create(catalog, def, name, undefined, { [field]: parent.id }));
        await catalog.gql(`mutation { archive${def.name}(id: "${children[1].id}") { id } }`);
        // The parent's connection of them, under the public graph's name (`SKU.prices`, `Attribute.values`).
        const list = def.parent?.childrenField ?? def.plural;
        const read = await catalog.gql(
          `{ p: ${parentDef.single}(id: "${parent.id}") { ${list} { nodes { id } } } c: ${def.single}(id: "${children[0].id}") { ${field.replace(/Id$/, '')} { id } } }`,
        );
        expect(dataOf(read)).toEqual({
          p: { [list]: { nodes: [{ id: children[0].id }, { id: children[2].id }] } },
          c: { [field.replace(/Id$/, '')]: { id: parent.id } },
        });
      });
    },
  );

  describe('batch creates', () => {
    it.each(KINDS.filter((k) => k.batchCreate).map((def) => [def.batchCreate as string, def] as const))(
      '%s writes all or nothing',
      async (mutation, def) => {
        const store = catalog.store(catalog.defaults.cred);
        const options = { store };
        const inputs = [
          await minimalInput(catalog, def, 'b1', options),
          await minimalInput(catalog, def, 'b2', options),
        ];
        const made = await catalog.gql(
          `mutation ($input: [${createInputName(def)}!]!) { r: ${mutation}(input: $input) { id name } }`,
          { input: inputs },
          options,
        );
        expect(dataOf<{ r: Rec[] }>(made).r.map((r) => r.name)).toEqual(['b1', 'b2']);
        const bad = await catalog.gql(
          `mutation ($input: [${createInputName(def)}!]!) { r: ${mutation}(input: $input) { id } }`,
          {
            input: [
              { ...inputs[0], name: 'b3' },
              { ...inputs[1], name: '' },
            ],
          },
          options,
        );
        expect(errorCodes(bad)).toEqual(['BAD_USER_INPUT']);
        const empty = await catalog.gql(
          `mutation ($input: [${createInputName(def)}!]!) { r: ${mutation}(input: $input) { id } }`,
          { input: [] },
          options,
        );
        expect(errorCodes(empty)).toEqual(['BAD_USER_INPUT']);
        const count = await catalog.gql(
          `{ c: ${def.plural}(first: 10, name: { eq: "b3" }) { totalCount } }`,
          undefined,
          options,
        );
        expect(dataOf<{ c: Conn }>(count).c.totalCount).toBe(0);
      },
    );
  });

  describe('SKU rules', () => {
    it('codes are unique per store (concurrent creates of one code: one wins, the rest SKU_CODE_TAKEN)', async () => {
      const store = catalog.store(catalog.defaults.cred);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          catalog.gql(
            `mutation { r: createSku(input: { name: "dup ${i}", code: "SHIRT-1" }) { id code } }`,
            undefined,
            { store },
          ),
        ),
      );
      expect(results.filter((r) => !r.errors).length).toBe(1);
      expect(results.flatMap(errorCodes).sort()).toEqual(Array(5).fill('SKU_CODE_TAKEN'));
      // Another store may use the same code; the codes filter finds it.
      const other = catalog.store(catalog.defaults.cred);
      await create(catalog, kindOf('SKU'), 'other', { store: other }, { code: 'SHIRT-1' });
      const found = await catalog.gql(
        `{ c: skus(first: 5, code: { eq: "SHIRT-1" }) { totalCount } }`,
        undefined,
        {
          store: other,
        },
      );
      expect(dataOf<{ c: Conn }>(found).c.totalCount).toBe(1);
    });

    it('money is minor units: a float is HTTP 400 GRAPHQL_VALIDATION_FAILED, a bad currency BAD_USER_INPUT; prices round-trip', async () => {
      const float = await catalog.post({
        query:
          'mutation { createSku(input: { name: "f", price: { value: 19.99, currencyCode: "USD" } }) { id } }',
      });
      expect(float.statusCode).toBe(400);
      expect(errorCodes(float.json())).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      const currency = await catalog.gql(
        'mutation { createSku(input: { name: "c", price: { value: 1999, currencyCode: "usd" } }) { id } }',
      );
      expect(errorCodes(currency)).toEqual(['BAD_USER_INPUT']);
      const sku = await catalog.gql(
        'mutation { r: createSku(input: { name: "p", price: { value: 1999, currencyCode: "EUR" }, weightGrams: 250, taxable: false, gtin: "4006381333931" }) { price { value currencyCode } compareAtPrice { value } weightGrams taxable gtin } }',
      );
      expect(dataOf<{ r: unknown }>(sku).r).toEqual({
        price: { value: 1999, currencyCode: 'EUR' },
        compareAtPrice: null,
        weightGrams: 250,
        taxable: false,
        gtin: '4006381333931',
      });
    });

    it('serves the deprecated SKU, SKUs, SKUGroup and SKUGroups queries like sku, skus, skuGroup, skuGroups', async () => {
      const store = catalog.store(catalog.defaults.cred);
      const options = { store };
      const sku = await create(catalog, kindOf('SKU'), 'old client', options);
      const group = await create(catalog, kindOf('SKU_GROUP'), 'old group', options);
      const body = await catalog.gql(
        `{ a: SKU(id: "${sku.id}") { id name } b: SKUs(first: 5) { totalCount nodes { id } } c: SKUGroup(id: "${group.id}") { id } d: SKUGroups(first: 5) { nodes { id } } }`,
        undefined,
        options,
      );
      expect(dataOf(body)).toEqual({
        a: { id: sku.id, name: 'old client' },
        b: { totalCount: 1, nodes: [{ id: sku.id }] },
        c: { id: group.id },
        d: { nodes: [{ id: group.id }] },
      });
      const fields = await catalog.gql(
        '{ __type(name: "Query") { fields(includeDeprecated: true) { name isDeprecated } } }',
      );
      const deprecated = dataOf<{ __type: { fields: { name: string; isDeprecated: boolean }[] } }>(fields)
        .__type.fields.filter((f) => f.isDeprecated)
        .map((f) => f.name)
        .sort();
      expect(deprecated).toEqual(['SKU', 'SKUGroup', 'SKUGroups', 'SKUs']);
    });

    it('skus(skuGroupId) and skus(listId) list members; a list tree refuses cycles', async () => {
      const store = catalog.store(catalog.defaults.cred);
      const options = { store };
      const group = await create(catalog, kindOf('SKU_GROUP'), 'tee', options);
      const [a, b] = [
        await create(catalog, kindOf('SKU'), 'a', options),
        await create(catalog, kindOf('SKU'), 'b', options),
      ];
      await create(catalog, kindOf('SKU'), 'c', options);
      await catalog.gql(
        `mutation { addSkusToSkuGroup(id: "${group.id}", input: { skuIds: ["${b.id}", "${a.id}"] }) { id } }`,
        undefined,
        options,
      );
      const members = await catalog.gql(
        `{ c: skus(first: 10, skuGroupId: { eq: "${group.id}" }) { nodes { id } totalCount } }`,
        undefined,
        options,
      );
      expect(dataOf<{ c: Conn }>(members).c.nodes.map((n) => n.id)).toEqual([a.id, b.id]);

      const tree = await create(catalog, kindOf('LIST_TREE'), 'nav', options);
      const node = (name: string) =>
        create(catalog, kindOf('LIST_TREE_NODE'), name, options, { listTreeId: tree.id });
      const [top, mid, leaf] = [await node('top'), await node('mid'), await node('leaf')];
      const link = (parent: string, child: string) =>
        catalog.gql(
          `mutation { addListTreeNodesToParentListTreeNode(id: "${parent}", input: { listTreeNodeIds: ["${child}"] }) { id } }`,
          undefined,
          options,
        );
      expect((await link(top.id, mid.id)).errors).toBeUndefined();
      expect((await link(mid.id, leaf.id)).errors).toBeUndefined();
      expect(errorCodes(await link(leaf.id, top.id))).toEqual(['RELATION_CYCLE']);
      expect(errorCodes(await link(top.id, top.id))).toEqual(['RELATION_CYCLE']);
    });

    it('the public list filters: label, code, queryFilter, attributeValues, channel, membership, inventory', async () => {
      const store = catalog.store(catalog.defaults.cred);
      const options = { store };
      const sku = kindOf('SKU');
      const [a, b, c] = [
        await create(catalog, sku, 'a', options, { label: 'Blue shirt', code: 'SH-100' }),
        await create(catalog, sku, 'b', options, { label: 'Red shirt', code: 'SH-200' }),
        await create(catalog, sku, 'c', options, { label: 'Blue mug', code: 'MG-100' }),
      ];
      const ids = async (query: string): Promise<string[]> =>
        dataOf<{ c: Conn }>(
          await catalog.gql(`{ c: ${query} { nodes { id } } }`, undefined, options),
        ).c.nodes.map((n) => n.id);
      expect(await ids('skus(first: 10, label: { eq: "Red shirt" })')).toEqual([b.id]);
      expect(await ids('skus(first: 10, label: { contains: "BLUE" })')).toEqual([a.id, c.id]);
      expect(await ids('skus(first: 10, code: { contains: "-100" })')).toEqual([a.id, c.id]);
      expect(await ids('skus(first: 10, code: { in: ["SH-200", "MG-100"] })')).toEqual([b.id, c.id]);
      const odata = (filter: string) => ids(`skus(first: 10, queryFilter: ${JSON.stringify(filter)})`);
      expect(await odata("label eq 'Blue shirt' or code eq 'SH-200'")).toEqual([a.id, b.id]);
      expect(await odata("contains(label, 'shirt') and code ne 'SH-100'")).toEqual([b.id]);
      expect(await odata("(code gt 'MG-100' and code lt 'SH-200') or contains(code, 'MG')")).toEqual([
        a.id,
        c.id,
      ]);
      expect(await odata("label eq 'it''s'")).toEqual([]);
      const refused = await catalog.gql(
        `{ skus(first: 1, queryFilter: "price eq '1'") { totalCount } }`,
        undefined,
        options,
      );
      expect(errorCodes(refused)).toEqual(['BAD_USER_INPUT']);
      expect(
        errorCodes(
          await catalog.gql(`{ skus(first: 1, queryFilter: "label eq") { totalCount } }`, undefined, options),
        ),
      ).toEqual(['BAD_USER_INPUT']);

      // attributeValues.has: SKUs holding every one of the values.
      const [cotton, large] = [
        await create(catalog, kindOf('ATTRIBUTE_VALUE'), 'cotton', options),
        await create(catalog, kindOf('ATTRIBUTE_VALUE'), 'large', options),
      ];
      const addValues = (skuId: string, valueIds: string[]) =>
        catalog.gql(
          `mutation { addAttributeValuesToSku(id: "${skuId}", input: { attributeValueIds: ${JSON.stringify(valueIds)} }) { id } }`,
          undefined,
          options,
        );
      await addValues(a.id, [cotton.id, large.id]);
      await addValues(b.id, [cotton.id]);
      expect(await ids(`skus(first: 10, attributeValues: { has: ["${cotton.id}"] })`)).toEqual([a.id, b.id]);
      expect(await ids(`skus(first: 10, attributeValues: { has: ["${cotton.id}", "${large.id}"] })`)).toEqual(
        [a.id],
      );
      expect(await ids(`skus(first: 10, attributeValues: { has: ["${cotton.id}", "nope"] })`)).toEqual([]);
      expect(await ids(`attributeValues(first: 10, skuId: { eq: "${b.id}" })`)).toEqual([cotton.id]);

      // Channels, membership (eq and in) and the owner's members.
      const web = randomUUID();
      const [g1, g2] = [
        await create(catalog, kindOf('SKU_GROUP'), 'g1', options),
        await create(catalog, kindOf('SKU_GROUP'), 'g2', options),
      ];
      await catalog.gql(
        `mutation { addChannelsToSkuGroup(id: "${g2.id}", input: { channelIds: ["${web}"] }) { id } addSkusToSkuGroup(id: "${g1.id}", input: { skuIds: ["${c.id}"] }) { id } x: addSkusToSkuGroup(id: "${g2.id}", input: { skuIds: ["${b.id}"] }) { id } }`,
        undefined,
        options,
      );
      expect(
        await ids(`skuGroups(first: 10, channelId: { in: ["${web.toUpperCase()}", "${randomUUID()}"] })`),
      ).toEqual([g2.id]);
      expect(await ids(`skus(first: 10, skuGroupId: { in: ["${g1.id}", "${g2.id}"] })`)).toEqual([
        b.id,
        c.id,
      ]);
      const list = await create(catalog, kindOf('LIST'), 'sale', options);
      const tree = await create(catalog, kindOf('LIST_TREE'), 'nav', options);
      const [top, child] = [
        await create(catalog, kindOf('LIST_TREE_NODE'), 'top', options, { listTreeId: tree.id }),
        await create(catalog, kindOf('LIST_TREE_NODE'), 'child', options, { listTreeId: tree.id }),
      ];
      await catalog.gql(
        `mutation { addListsToListTreeNode(id: "${child.id}", input: { listIds: ["${list.id}"] }) { id } addListTreeNodesToParentListTreeNode(id: "${top.id}", input: { listTreeNodeIds: ["${child.id}"] }) { id } }`,
        undefined,
        options,
      );
      expect(await ids(`listTreeNodes(first: 10, listId: { eq: "${list.id}" })`)).toEqual([child.id]);
      expect(await ids(`listTreeNodes(first: 10, parentNodeId: { eq: "${top.id}" })`)).toEqual([child.id]);
      expect(await ids(`listTreeNodes(first: 10, listTreeId: { eq: "${tree.id}" })`)).toEqual([
        top.id,
        child.id,
      ]);

      // Inventory: the SKUs counted at a location, the locations counting a SKU.
      const [here, there] = [
        await create(catalog, kindOf('LOCATION'), 'here', options),
        await create(catalog, kindOf('LOCATION'), 'there', options),
      ];
      await catalog.gql(
        `mutation { stockInventory(input: { locationId: "${here.id}", skuId: "${a.id}", quantity: 3 }) { id } }`,
        undefined,
        options,
      );
      expect(await ids(`skus(first: 10, locationId: { eq: "${here.id}" })`)).toEqual([a.id]);
      expect(await ids(`skus(first: 10, locationId: { eq: "${there.id}" })`)).toEqual([]);
      expect(await ids(`locations(first: 10, skuId: { eq: "${a.id}" })`)).toEqual([here.id]);
    });

    it('deleteSkuGroupById, removeOption, removeOptionValue archive the record and unlink it everywhere', async () => {
      const store = catalog.store(catalog.defaults.cred);
      const options = { store };
      const group = await create(catalog, kindOf('SKU_GROUP'), 'g', options);
      const option = await create(catalog, kindOf('OPTION'), 'Size', options);
      const value = await create(catalog, kindOf('OPTION_VALUE'), 'Small', options, { optionId: option.id });
      const sku = await create(catalog, kindOf('SKU'), 's', options);
      await catalog.gql(
        `mutation { addOptionsToSkuGroup(id: "${group.id}", input: { optionIds: ["${option.id}"] }) { id } addOptionValuesToSku(id: "${sku.id}", input: { optionValueIds: ["${value.id}"] }) { id } }`,
        undefined,
        options,
      );
      const removed = await catalog.gql(
        `mutation { v: removeOptionValue(id: "${value.id}") o: removeOption(id: "${option.id}") }`,
        undefined,
        options,
      );
      expect(dataOf(removed)).toEqual({ v: true, o: true });
      const after = await catalog.gql(
        `{ g: skuGroup(id: "${group.id}") { options { nodes { ... on ListOption { id } } } } s: sku(id: "${sku.id}") { optionValues { nodes { id } } } o: option(id: "${option.id}") { status } }`,
        undefined,
        options,
      );
      expect(dataOf(after)).toEqual({
        g: { options: { nodes: [] } },
        s: { optionValues: { nodes: [] } },
        o: { status: 'ARCHIVED' },
      });
      const deleted = await catalog.gql(
        `mutation { d: deleteSkuGroupById(id: "${group.id}") { id status archivedAt options { totalCount } } }`,
        undefined,
        options,
      );
      expect(dataOf<{ d: Rec }>(deleted).d).toMatchObject({
        id: group.id,
        status: 'ARCHIVED',
        options: { totalCount: 0 },
      });
      expect(dataOf<{ d: Rec }>(deleted).d.archivedAt).not.toBeNull();
      expect(
        errorCodes(
          await catalog.gql(
            `mutation { d: deleteSkuGroupById(id: "${randomUUID()}") { id } }`,
            undefined,
            options,
          ),
        ),
      ).toEqual(['SKU_GROUP_NOT_FOUND']);
    });

    it('serves the deprecated …SKU… spellings as the current operations: same answers, validation, errors and scope', async () => {
      const store = catalog.store(catalog.defaults.cred);
      const options = { store };
      const created = await catalog.gql(
        `mutation ($g: MutationCreateSKUGroupInput!, $s: [CreateSKUInput!]!) {
          g: createSKUGroup(input: $g) { id name status }
          s: createSKUs(input: $s) { id name }
        }`,
        { g: { name: 'group' }, s: [{ name: 'a' }, { name: 'b' }] },
        options,
      );
      const { g, s } = dataOf<{ g: Rec; s: Rec[] }>(created);
      expect(g).toEqual({ id: expect.any(String), name: 'group', status: 'ACTIVE' });
      // One request per mutation: a request's member lists are loaded once.
      const relation = (mutation: string) =>
        catalog.gql(
          `mutation ($id: String!, $ids: [String!]!) { r: ${mutation}(id: $id, input: { skuIds: $ids }) { skus { nodes { id } } } }`,
          { id: g.id, ids: [s[1].id] },
          options,
        );
      expect(dataOf(await relation('addSKUsToSKUGroup'))).toEqual({
        r: { skus: { nodes: [{ id: s[1].id }] } },
      });
      expect(dataOf(await relation('removeSKUsFromSKUGroup'))).toEqual({ r: { skus: { nodes: [] } } });
      const updated = await catalog.gql(
        'mutation ($id: String!, $input: MutationUpdateSKUGroupInput!) { u: updateSKUGroup(id: $id, input: $input) { name } }',
        { id: g.id, input: { name: 'renamed' } },
        options,
      );
      expect(dataOf(updated)).toEqual({ u: { name: 'renamed' } });
      const archived = await catalog.gql(
        `mutation { a: archiveSKU(id: "${s[0].id}") { status } }`,
        undefined,
        options,
      );
      expect(dataOf(archived)).toEqual({ a: { status: 'ARCHIVED' } });
      // The current operation's validation and errors, and its scope.
      expect(
        errorCodes(
          await catalog.gql('mutation { createSKU(input: { name: "" }) { id } }', undefined, options),
        ),
      ).toEqual(['BAD_USER_INPUT']);
      expect(
        errorCodes(
          await catalog.gql(
            `mutation { updateSKU(id: "${randomUUID()}", input: { name: "x" }) { id } }`,
            undefined,
            options,
          ),
        ),
      ).toEqual(['SKU_NOT_FOUND']);
      const reader = await catalog.credential(['commerce.product:read'], [store]);
      expect(
        errorCodes(
          await catalog.gql('mutation { createSKU(input: { name: "x" }) { id } }', undefined, {
            store,
            cred: reader,
          }),
        ),
      ).toEqual(['FORBIDDEN']);
      const introspected = await catalog.gql(
        '{ __schema { mutationType { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } } }',
      );
      const fields = dataOf<{
        __schema: {
          mutationType: { fields: { name: string; isDeprecated: boolean; deprecationReason: string }[] };
        };
      }>(introspected).__schema.mutationType.fields;
      expect(fields.find((f) => f.name === 'addSKUsToSKUGroup')).toEqual({
        name: 'addSKUsToSKUGroup',
        isDeprecated: true,
        deprecationReason: 'Use `addSkusToSkuGroup` instead.',
      });
    });

    it('validates inputs at the edge: status ARCHIVED, an empty name, a bad URL, a parent of another store', async () => {
      expect(
        errorCodes(
          await catalog.gql('mutation { createSku(input: { name: "x", status: ARCHIVED }) { id } }'),
        ),
      ).toEqual(['BAD_USER_INPUT']);
      expect(errorCodes(await catalog.gql('mutation { createSku(input: { name: "" }) { id } }'))).toEqual([
        'BAD_USER_INPUT',
      ]);
      expect(
        errorCodes(
          await catalog.gql('mutation { createMediaObject(input: { name: "m", url: "ftp://x" }) { id } }'),
        ),
      ).toEqual(['BAD_USER_INPUT']);
      const foreign = await create(catalog, kindOf('ATTRIBUTE'), 'elsewhere', {
        store: catalog.store(catalog.defaults.cred),
      });
      expect(
        errorCodes(
          await catalog.gql(
            `mutation { createAttributeValue(input: { name: "v", attributeId: "${foreign.id}" }) { id } }`,
          ),
        ),
      ).toEqual(['ATTRIBUTE_NOT_FOUND']);
      const retired = await create(catalog, kindOf('ATTRIBUTE'), 'retired');
      await catalog.gql(`mutation { archiveAttribute(id: "${retired.id}") { id } }`);
      expect(
        errorCodes(
          await catalog.gql(
            `mutation { createAttributeValue(input: { name: "v", attributeId: "${retired.id}" }) { id } }`,
          ),
        ),
      ).toEqual(['ATTRIBUTE_ARCHIVED']);
      const noUrl = await catalog.post({
        query: 'mutation { createMediaObject(input: { name: "m" }) { id } }',
      });
      expect(noUrl.statusCode).toBe(400);
    });
  });
});
