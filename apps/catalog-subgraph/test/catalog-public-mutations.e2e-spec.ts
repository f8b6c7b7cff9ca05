import { randomUUID } from 'node:crypto';
import { TestCredential } from '@platform/testing';
import type { RecordKind } from './support/catalog-kind';
import { CATALOG_KINDS } from './support/catalog-kinds';
import {
  CatalogTestApp,
  Connection,
  GraphQLBody,
  dataOf,
  startCatalogTestApp,
} from './support/catalog-test-app';

// The public catalog operations issue 18 added last: the reference mutations under their public
// names, a location's SKUs, option prices and the removals of prices and values from their owner,
// and the media object replacements. Each is called as a public client sends it (`id: String!`,
// `input: Mutation<Operation>Input!`), its answer and stored effect checked, then bad input and
// the scope. Stored effects are read from the tables (links, records, external_references), so
// these tests do not depend on how the object types present relations.

interface Rec {
  id: string;
  status?: string;
  [field: string]: unknown;
}

const codes = (body: GraphQLBody) => (body.errors ?? []).map((e) => e.extensions.code);
const ids = (records: readonly { id: string }[]) => records.map((r) => r.id);
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const USD = (value: number) => ({ value, currencyCode: 'USD' });

/**
 * `… on <object type> { fields }` of a kind (by its mutation stem): valid whether an operation
 * returns the kind's object type or a union it is a member of (an option is a `ListOption` of the
 * `Option` union).
 */
function on(name: string, fields: string): string {
  const def = (CATALOG_KINDS as readonly RecordKind[]).find((k) => k.name === name);
  if (!def) throw new Error(`no kind ${name}`);
  return `... on ${def.modelName ?? def.typeName} { ${fields} }`;
}

describe('catalog public mutations: references, location SKUs, prices, removals, media (real Postgres)', () => {
  let catalog: CatalogTestApp;
  let store: string;
  let reader: TestCredential;

  const gql = (query: string, variables?: Record<string, unknown>, cred?: TestCredential) =>
    catalog.gql(query, variables, { store, ...(cred ? { cred } : {}) });

  /** `create<Name>(input: $input)` with the public input type; returns the record. */
  const create = async (name: string, input: Record<string, unknown>, inputType?: string): Promise<Rec> =>
    dataOf<{ r: Rec }>(
      await gql(
        `mutation ($input: ${inputType ?? `MutationCreate${name}Input`}!) { r: create${name}(input: $input) { ${on(name, 'id status')} } }`,
        { input },
      ),
    ).r;

  /** `<operation>(id: $id, input: $input)` as the public graph types it, selecting the owner's id. */
  const call = (operation: string, id: string, input: Record<string, unknown>, owner?: string) =>
    gql(
      `mutation ($id: String!, $input: ${`Mutation${cap(operation)}Input`}!) { r: ${operation}(id: $id, input: $input) { ${owner ? on(owner, 'id') : 'id'} } }`,
      { id, input },
    );
  const result = <T = Rec>(body: GraphQLBody) => dataOf<{ r: T }>(body).r;
  const read = async <T = Rec>(query: string): Promise<T> => dataOf<{ r: T }>(await gql(`{ r: ${query} }`)).r;
  const sql = <T>(query: string, parameters: unknown[]): Promise<T[]> =>
    catalog.dataSource.query(query, parameters) as Promise<T[]>;
  /** The owner's members of a relation, in their order. */
  const members = async (ownerId: string, relation: string): Promise<string[]> =>
    (
      await sql<{ member_id: string }>(
        `SELECT member_id FROM "catalog"."links" WHERE owner_id = $1 AND relation = $2 ORDER BY position, member_id`,
        [ownerId, relation],
      )
    ).map((r) => r.member_id);
  /** The parent's children of a kind that are not archived, oldest first. */
  const children = async (parentId: string, kind: string): Promise<string[]> =>
    (
      await sql<{ id: string }>(
        `SELECT id FROM "catalog"."records" WHERE parent_id = $1 AND kind = $2 AND status <> 'ARCHIVED' ORDER BY created_at, id`,
        [parentId, kind],
      )
    ).map((r) => r.id);
  const statusOf = async (id: string): Promise<string> =>
    (await sql<{ status: string }>(`SELECT status FROM "catalog"."records" WHERE id = $1`, [id]))[0].status;
  const referencesOf = async (ownerId: string): Promise<string[]> =>
    (
      await sql<{ name: string; value: string }>(
        `SELECT name, value FROM "catalog"."external_references" WHERE owner_id = $1 ORDER BY name`,
        [ownerId],
      )
    ).map((r) => `${r.name}=${r.value}`);

  beforeAll(async () => {
    catalog = await startCatalogTestApp('catalog-public-mutations');
    store = catalog.store(catalog.defaults.cred);
    reader = await catalog.credential(['commerce.product:read'], [store]);
  });

  afterAll(async () => {
    await catalog?.close();
  });

  describe('addReferencesTo<X> / removeReferencesFrom<X>', () => {
    it.each([
      ['List', undefined],
      ['ListTree', undefined],
      ['Location', undefined],
      ['SkuGroup', undefined],
      ['Sku', 'CreateSKUInput'],
      ['Option', undefined],
      ['Attribute', undefined],
    ])(
      '%s: sets references by name (a repeated name: the last wins), removes by name',
      async (name, input) => {
        const record = await create(name, { name: 'r' }, input);
        const added = await call(
          `addReferencesTo${name}`,
          record.id,
          {
            references: [
              { name: 'erp', value: 'E-1' },
              { name: 'pim', value: 'P-1' },
              { name: 'erp', value: 'E-2' },
            ],
          },
          name,
        );
        expect(result(added)).toEqual({ id: record.id });
        expect(await referencesOf(record.id)).toEqual(['erp=E-2', 'pim=P-1']);
        const removed = await call(
          `removeReferencesFrom${name}`,
          record.id,
          { names: ['erp', 'unknown'] },
          name,
        );
        expect(result(removed)).toEqual({ id: record.id });
        expect(await referencesOf(record.id)).toEqual(['pim=P-1']);
      },
    );

    it('a list tree node takes references too and is found by them', async () => {
      const tree = await create('ListTree', { name: 'nav' });
      const node = await create('ListTreeNode', { name: 'n', listTreeId: tree.id });
      const added = await call('addReferencesToListTreeNode', node.id, {
        references: [{ name: 'cms', value: 'N-7' }],
      });
      expect(result(added)).toEqual({ id: node.id });
      expect(
        await read<Connection<Rec>>(
          `listTreeNodes(first: 5, referenceValue: { eq: "N-7" }) { nodes { id } }`,
        ),
      ).toEqual({ nodes: [{ id: node.id }] });
      await call('removeReferencesFromListTreeNode', node.id, { names: ['cms'] });
      expect(await referencesOf(node.id)).toEqual([]);
    });

    it('serves the deprecated addReferencesToSKU / …SKUGroup spellings with their own input types', async () => {
      const sku = await create('Sku', { name: 's' }, 'CreateSKUInput');
      const group = await create('SkuGroup', { name: 'g' });
      const body = await gql(
        `mutation ($s: String!, $g: String!, $add: MutationAddReferencesToSKUInput!, $addG: MutationAddReferencesToSKUGroupInput!) {
          s: addReferencesToSKU(id: $s, input: $add) { id }
          g: addReferencesToSKUGroup(id: $g, input: $addG) { id }
        }`,
        {
          s: sku.id,
          g: group.id,
          add: { references: [{ name: 'erp', value: 'S-1' }] },
          addG: { references: [{ name: 'erp', value: 'G-1' }] },
        },
      );
      expect(dataOf(body)).toEqual({ s: { id: sku.id }, g: { id: group.id } });
      expect(await referencesOf(sku.id)).toEqual(['erp=S-1']);
      const removed = await gql(
        `mutation ($s: String!, $g: String!, $rs: MutationRemoveReferencesFromSKUInput!, $rg: MutationRemoveReferencesFromSKUGroupInput!) {
          s: removeReferencesFromSKU(id: $s, input: $rs) { id }
          g: removeReferencesFromSKUGroup(id: $g, input: $rg) { id }
        }`,
        { s: sku.id, g: group.id, rs: { names: ['erp'] }, rg: { names: ['erp'] } },
      );
      expect(dataOf(removed)).toEqual({ s: { id: sku.id }, g: { id: group.id } });
      expect([...(await referencesOf(sku.id)), ...(await referencesOf(group.id))]).toEqual([]);
    });

    it('refuses an unknown or other-kind id (<KIND>_NOT_FOUND), a bad name, and a read-only token', async () => {
      const list = await create('List', { name: 'l' });
      const refs = { references: [{ name: 'erp', value: 'X' }] };
      expect(codes(await call('addReferencesToSku', randomUUID(), refs))).toEqual(['SKU_NOT_FOUND']);
      expect(codes(await call('addReferencesToSku', list.id, refs))).toEqual(['SKU_NOT_FOUND']);
      expect(codes(await call('removeReferencesFromList', 'not-a-uuid', { names: ['erp'] }))).toEqual([
        'LIST_NOT_FOUND',
      ]);
      expect(
        codes(
          await call('addReferencesToList', list.id, { references: [{ name: 'bad name!', value: 'x' }] }),
        ),
      ).toEqual(['BAD_USER_INPUT']);
      expect(codes(await call('addReferencesToList', list.id, { references: [] }))).toEqual([
        'BAD_USER_INPUT',
      ]);
      const forbidden = await gql(
        `mutation ($id: String!) { addReferencesToList(id: $id, input: { references: [{ name: "erp", value: "1" }] }) { id } }`,
        { id: list.id },
        reader,
      );
      expect(codes(forbidden)).toEqual(['FORBIDDEN']);
      expect(await referencesOf(list.id)).toEqual([]);
    });

    it('no longer serves createReferencesFor<X> / deleteReferencesFrom<X>', async () => {
      const body = await catalog.gql(
        '{ __schema { mutationType { fields(includeDeprecated: true) { name } } } }',
      );
      const names = dataOf<{ __schema: { mutationType: { fields: { name: string }[] } } }>(
        body,
      ).__schema.mutationType.fields.map((f) => f.name);
      expect(names.filter((n) => /^(createReferencesFor|deleteReferencesFrom)/.test(n))).toEqual([]);
      expect(names).toEqual(
        expect.arrayContaining(['addReferencesToListTreeNode', 'removeReferencesFromSKU']),
      );
    });
  });

  describe('addSkusToLocation / removeSkusFromLocation', () => {
    it('adds and removes the SKUs a location carries; skus(locationId) and locations(skuId) follow', async () => {
      const location = await create('Location', { name: 'shop' });
      const [a, b] = [
        await create('Sku', { name: 'a' }, 'CreateSKUInput'),
        await create('Sku', { name: 'b' }, 'CreateSKUInput'),
      ];
      const added = await call('addSkusToLocation', location.id, { skuIds: [b.id, a.id, b.id] });
      expect(result(added)).toEqual({ id: location.id });
      expect(await members(location.id, 'LOCATION:SKU')).toEqual([b.id, a.id]);
      const skusHere = await read<Connection<Rec>>(
        `skus(first: 10, locationId: { eq: "${location.id}" }) { nodes { id } }`,
      );
      expect(ids(skusHere.nodes).sort()).toEqual([a.id, b.id].sort());
      expect(
        ids(
          (await read<Connection<Rec>>(`locations(first: 10, skuId: { eq: "${a.id}" }) { nodes { id } }`))
            .nodes,
        ),
      ).toEqual([location.id]);

      const removed = await call('removeSkusFromLocation', location.id, { skuIds: [b.id, randomUUID()] });
      expect(result(removed)).toEqual({ id: location.id });
      expect(await members(location.id, 'LOCATION:SKU')).toEqual([a.id]);
      const alias = await gql(
        `mutation ($id: String!, $input: MutationRemoveSKUsFromLocationInput!) { r: removeSKUsFromLocation(id: $id, input: $input) { id } }`,
        { id: location.id, input: { skuIds: [a.id] } },
      );
      expect(result(alias)).toEqual({ id: location.id });
      expect(await members(location.id, 'LOCATION:SKU')).toEqual([]);
      const again = await gql(
        `mutation ($id: String!, $input: MutationAddSKUsToLocationInput!) { r: addSKUsToLocation(id: $id, input: $input) { id } }`,
        { id: location.id, input: { skuIds: [a.id] } },
      );
      expect(result(again)).toEqual({ id: location.id });
      expect(await members(location.id, 'LOCATION:SKU')).toEqual([a.id]);
    });

    it('stocking a SKU at a location adds it there; it cannot leave while units are on hand or committed', async () => {
      const location = await create('Location', { name: 'warehouse' });
      const sku = await create('Sku', { name: 's' }, 'CreateSKUInput');
      const reason = await create('InventoryAdjustmentReason', { name: 'recount' });
      await gql(
        `mutation { stockInventory(input: { locationId: "${location.id}", skuId: "${sku.id}", quantity: 2 }) { id } }`,
      );
      expect(await members(location.id, 'LOCATION:SKU')).toEqual([sku.id]);
      const refused = await call('removeSkusFromLocation', location.id, { skuIds: [sku.id] });
      expect(codes(refused)).toEqual(['SKU_HAS_INVENTORY_AT_LOCATION']);
      expect(await members(location.id, 'LOCATION:SKU')).toEqual([sku.id]);

      await gql(
        `mutation { adjustInventory(input: { locationId: "${location.id}", skuId: "${sku.id}", delta: -2, reasonId: "${reason.id}" }) { id } }`,
      );
      const removed = await call('removeSkusFromLocation', location.id, { skuIds: [sku.id] });
      expect(result(removed)).toEqual({ id: location.id });
      expect(await members(location.id, 'LOCATION:SKU')).toEqual([]);
      // The counts stay (zero): the ledger still explains them.
      const counts = await read<{ type: string; quantity: number }[]>(
        `inventoryCount(locationId: "${location.id}", skuId: "${sku.id}", type: "ON_HAND") { type quantity }`,
      );
      expect(counts).toEqual([{ type: 'ON_HAND', quantity: 0 }]);
    });

    it('a removal racing a stock never leaves units at a location that does not carry the SKU', async () => {
      for (let round = 0; round < 8; round++) {
        const location = await create('Location', { name: `race ${round}` });
        const sku = await create('Sku', { name: `race ${round}` }, 'CreateSKUInput');
        await call('addSkusToLocation', location.id, { skuIds: [sku.id] });
        const [stocked, removed] = await Promise.all([
          gql(
            `mutation { stockInventory(input: { locationId: "${location.id}", skuId: "${sku.id}", quantity: 1 }) { id } }`,
          ),
          call('removeSkusFromLocation', location.id, { skuIds: [sku.id] }),
        ]);
        expect(stocked.errors).toBeUndefined();
        // Whichever ran first, the SKU ends at the location with its unit: the removal either came
        // first (the stock linked it again) or saw the unit and was refused.
        expect([[], ['SKU_HAS_INVENTORY_AT_LOCATION']]).toContainEqual(codes(removed));
        expect(await members(location.id, 'LOCATION:SKU')).toEqual([sku.id]);
      }
    });

    it('refuses an unknown SKU, a record of another kind, an unknown location, and a read-only token', async () => {
      const location = await create('Location', { name: 'l' });
      const sku = await create('Sku', { name: 's' }, 'CreateSKUInput');
      const list = await create('List', { name: 'not a sku' });
      expect(codes(await call('addSkusToLocation', location.id, { skuIds: [sku.id, randomUUID()] }))).toEqual(
        ['SKU_NOT_FOUND'],
      );
      expect(codes(await call('addSkusToLocation', location.id, { skuIds: [list.id] }))).toEqual([
        'SKU_NOT_FOUND',
      ]);
      expect(codes(await call('addSkusToLocation', sku.id, { skuIds: [sku.id] }))).toEqual([
        'LOCATION_NOT_FOUND',
      ]);
      expect(codes(await call('addSkusToLocation', location.id, { skuIds: [] }))).toEqual(['BAD_USER_INPUT']);
      const forbidden = await gql(
        `mutation ($id: String!) { addSkusToLocation(id: $id, input: { skuIds: ["${sku.id}"] }) { id } }`,
        { id: location.id },
        reader,
      );
      expect(codes(forbidden)).toEqual(['FORBIDDEN']);
      expect(await members(location.id, 'LOCATION:SKU')).toEqual([]);
    });
  });

  describe('option prices and removePricesFrom<X>', () => {
    it('createOptionPrice and updateOptionPrice write a flat price of an option', async () => {
      const option = await create('Option', { name: 'Engraving' });
      const created = await gql(
        `mutation ($input: MutationCreateOptionPriceInput!) { r: createOptionPrice(input: $input) { id optionId amount { value currencyCode } } }`,
        { input: { name: 'flat', optionId: option.id, amount: USD(500) } },
      );
      const price = result<Rec & { amount: unknown }>(created);
      expect(price).toMatchObject({ optionId: option.id, amount: USD(500) });
      const updated = await gql(
        `mutation ($id: String!, $input: MutationUpdateOptionPriceInput!) { r: updateOptionPrice(id: $id, input: $input) { id amount { value } } }`,
        { id: price.id, input: { amount: USD(750) } },
      );
      expect(result(updated)).toEqual({ id: price.id, amount: { value: 750 } });
      expect(await read(`optionPrice(id: "${price.id}") { optionId amount { value } }`)).toEqual({
        optionId: option.id,
        amount: { value: 750 },
      });
      expect(await children(option.id, 'OPTION_PRICE')).toEqual([price.id]);
      expect(
        codes(
          await gql(
            `mutation ($input: MutationCreateOptionPriceInput!) { createOptionPrice(input: $input) { id } }`,
            {
              input: { name: 'x', optionId: randomUUID(), amount: USD(1) },
            },
          ),
        ),
      ).toEqual(['OPTION_NOT_FOUND']);
      expect(
        codes(
          await gql(
            `mutation ($id: String!, $input: MutationUpdateOptionPriceInput!) { updateOptionPrice(id: $id, input: $input) { id } }`,
            { id: randomUUID(), input: { amount: USD(1) } },
          ),
        ),
      ).toEqual(['OPTION_PRICE_NOT_FOUND']);
      expect(
        codes(
          await gql(
            `mutation ($input: MutationCreateOptionPriceInput!) { createOptionPrice(input: $input) { id } }`,
            { input: { name: 'x', optionId: option.id, amount: USD(1) } },
            reader,
          ),
        ),
      ).toEqual(['FORBIDDEN']);
    });

    it('removePricesFromOption, removePricesFromOptionValue and removePricesFromSku archive the prices (a repeated id once), returning the owner', async () => {
      const option = await create('Option', { name: 'Size' });
      const value = await create('OptionValue', { name: 'L', optionId: option.id });
      const sku = await create('Sku', { name: 's' }, 'CreateSKUInput');
      const optionPrice = await create('OptionPrice', { name: 'p', optionId: option.id, amount: USD(100) });
      const valuePrice = await create('OptionValuePrice', {
        name: 'p',
        optionValueId: value.id,
        amount: USD(200),
      });
      const [skuPrice, kept] = [
        await create('SkuPrice', { name: 'wholesale', skuId: sku.id, amount: USD(900) }),
        await create('SkuPrice', { name: 'retail', skuId: sku.id, amount: USD(1200) }),
      ];

      const fromOption = await call(
        'removePricesFromOption',
        option.id,
        { priceIds: [optionPrice.id, optionPrice.id] },
        'Option',
      );
      expect(result(fromOption)).toEqual({ id: option.id });
      expect(await children(option.id, 'OPTION_PRICE')).toEqual([]);
      const fromValue = await call('removePricesFromOptionValue', value.id, { priceIds: [valuePrice.id] });
      expect(result(fromValue)).toEqual({ id: value.id });
      expect(await children(value.id, 'OPTION_VALUE_PRICE')).toEqual([]);
      const fromSku = await call('removePricesFromSku', sku.id, { priceIds: [skuPrice.id] });
      expect(result(fromSku)).toEqual({ id: sku.id });
      expect(await children(sku.id, 'SKU_PRICE')).toEqual([kept.id]);
      expect(await read(`skuPrice(id: "${skuPrice.id}") { status }`)).toEqual({ status: 'ARCHIVED' });
      // Removing a removed price again changes nothing.
      expect(result(await call('removePricesFromSku', sku.id, { priceIds: [skuPrice.id] }))).toEqual({
        id: sku.id,
      });
      expect(await children(sku.id, 'SKU_PRICE')).toEqual([kept.id]);
      const alias = await gql(
        `mutation ($id: String!, $input: MutationRemovePricesFromSKUInput!) { r: removePricesFromSKU(id: $id, input: $input) { id } }`,
        { id: sku.id, input: { priceIds: [kept.id] } },
      );
      expect(result(alias)).toEqual({ id: sku.id });
      expect(await children(sku.id, 'SKU_PRICE')).toEqual([]);
    });

    it('refuses a price of another owner or kind and an unknown owner, writing nothing; a read-only token is FORBIDDEN', async () => {
      const sku = await create('Sku', { name: 's' }, 'CreateSKUInput');
      const other = await create('Sku', { name: 'other' }, 'CreateSKUInput');
      const option = await create('Option', { name: 'o' });
      const mine = await create('SkuPrice', { name: 'p', skuId: sku.id, amount: USD(1) });
      const theirs = await create('SkuPrice', { name: 'p', skuId: other.id, amount: USD(1) });
      const optionPrice = await create('OptionPrice', { name: 'p', optionId: option.id, amount: USD(1) });

      expect(codes(await call('removePricesFromSku', sku.id, { priceIds: [mine.id, theirs.id] }))).toEqual([
        'SKU_PRICE_NOT_FOUND',
      ]);
      expect(codes(await call('removePricesFromSku', sku.id, { priceIds: [optionPrice.id] }))).toEqual([
        'SKU_PRICE_NOT_FOUND',
      ]);
      expect(
        codes(await call('removePricesFromOption', option.id, { priceIds: [mine.id] }, 'Option')),
      ).toEqual(['OPTION_PRICE_NOT_FOUND']);
      expect(codes(await call('removePricesFromSku', randomUUID(), { priceIds: [mine.id] }))).toEqual([
        'SKU_NOT_FOUND',
      ]);
      expect(codes(await call('removePricesFromOptionValue', option.id, { priceIds: [mine.id] }))).toEqual([
        'OPTION_VALUE_NOT_FOUND',
      ]);
      expect(codes(await call('removePricesFromSku', sku.id, { priceIds: [] }))).toEqual(['BAD_USER_INPUT']);
      const forbidden = await gql(
        `mutation ($id: String!) { removePricesFromSku(id: $id, input: { priceIds: ["${mine.id}"] }) { id } }`,
        { id: sku.id },
        reader,
      );
      expect(codes(forbidden)).toEqual(['FORBIDDEN']);
      // All or nothing: the good id of the refused calls was not removed.
      expect(await children(sku.id, 'SKU_PRICE')).toEqual([mine.id]);
      expect(await children(option.id, 'OPTION_PRICE')).toEqual([optionPrice.id]);
    });

    it('an archived owner takes no removal (<KIND>_ARCHIVED)', async () => {
      const option = await create('Option', { name: 'o' });
      const price = await create('OptionPrice', { name: 'p', optionId: option.id, amount: USD(1) });
      await gql(`mutation { archiveOption(id: "${option.id}") { __typename } }`);
      expect(
        codes(await call('removePricesFromOption', option.id, { priceIds: [price.id] }, 'Option')),
      ).toEqual(['OPTION_ARCHIVED']);
      expect(await statusOf(price.id)).toBe('ACTIVE');
    });
  });

  describe('removeAttributeValuesFromAttribute / removeOptionValuesFromListOption', () => {
    it('archive the values and take them off every SKU, returning the attribute or option', async () => {
      const attribute = await create('Attribute', { name: 'Material' });
      const [cotton, wool] = [
        await create(
          'AttributeValue',
          { name: 'cotton', attributeId: attribute.id },
          'CreateAttributeValueInput',
        ),
        await create(
          'AttributeValue',
          { name: 'wool', attributeId: attribute.id },
          'CreateAttributeValueInput',
        ),
      ];
      const option = await create('Option', { name: 'Size' });
      const [small, large] = [
        await create('OptionValue', { name: 'S', optionId: option.id }),
        await create('OptionValue', { name: 'L', optionId: option.id }),
      ];
      const sku = await create('Sku', { name: 's' }, 'CreateSKUInput');
      await gql(
        `mutation { addAttributeValuesToSku(id: "${sku.id}", input: { attributeValueIds: ["${cotton.id}", "${wool.id}"] }) { id } addOptionValuesToSku(id: "${sku.id}", input: { optionValueIds: ["${small.id}", "${large.id}"] }) { id } }`,
      );

      const attr = await call('removeAttributeValuesFromAttribute', attribute.id, {
        attributeValueIds: [cotton.id],
      });
      expect(result(attr)).toEqual({ id: attribute.id });
      expect(await children(attribute.id, 'ATTRIBUTE_VALUE')).toEqual([wool.id]);
      const opt = await call(
        'removeOptionValuesFromListOption',
        option.id,
        { optionValueIds: [large.id] },
        'Option',
      );
      expect(result(opt)).toEqual({ id: option.id });
      expect(await children(option.id, 'OPTION_VALUE')).toEqual([small.id]);
      expect(await members(sku.id, 'SKU:ATTRIBUTE_VALUE')).toEqual([wool.id]);
      expect(await members(sku.id, 'SKU:OPTION_VALUE')).toEqual([small.id]);
      expect([await statusOf(cotton.id), await statusOf(large.id)]).toEqual(['ARCHIVED', 'ARCHIVED']);
    });

    it('refuses a value of another attribute or an option value given to an attribute', async () => {
      const [a, b] = [await create('Attribute', { name: 'a' }), await create('Attribute', { name: 'b' })];
      const ofB = await create(
        'AttributeValue',
        { name: 'v', attributeId: b.id },
        'CreateAttributeValueInput',
      );
      const option = await create('Option', { name: 'o' });
      const optionValue = await create('OptionValue', { name: 'v', optionId: option.id });
      expect(
        codes(await call('removeAttributeValuesFromAttribute', a.id, { attributeValueIds: [ofB.id] })),
      ).toEqual(['ATTRIBUTE_VALUE_NOT_FOUND']);
      expect(
        codes(
          await call('removeAttributeValuesFromAttribute', a.id, { attributeValueIds: [optionValue.id] }),
        ),
      ).toEqual(['ATTRIBUTE_VALUE_NOT_FOUND']);
      expect(
        codes(await call('removeOptionValuesFromListOption', a.id, { optionValueIds: [optionValue.id] })),
      ).toEqual(['OPTION_NOT_FOUND']);
      const forbidden = await gql(
        `mutation { removeOptionValuesFromListOption(id: "${option.id}", input: { optionValueIds: ["${optionValue.id}"] }) { id } }`,
        undefined,
        reader,
      );
      expect(codes(forbidden)).toEqual(['FORBIDDEN']);
      expect([await statusOf(ofB.id), await statusOf(optionValue.id)]).toEqual(['ACTIVE', 'ACTIVE']);
    });
  });

  describe('update<X>MediaObjects', () => {
    it.each([
      ['updateSkuMediaObjects', 'Sku', 'SKU', 'CreateSKUInput'],
      ['updateSkuGroupMediaObjects', 'SkuGroup', 'SKU_GROUP', undefined],
      ['updateListMediaObjects', 'List', 'LIST', undefined],
    ])(
      '%s replaces the media objects with the ids given, in their order',
      async (operation, name, kind, input) => {
        const owner = await create(name, { name: 'owner' }, input);
        const relation = `${kind}:MEDIA_OBJECT`;
        const media: Rec[] = [];
        for (const n of [1, 2, 3])
          media.push(await create('MediaObject', { name: `m${n}`, url: `https://cdn.example.com/${n}.png` }));
        const [m1, m2, m3] = ids(media);
        await gql(
          `mutation { addMediaObjectsTo${name}(id: "${owner.id}", input: { mediaObjectIds: ["${m1}", "${m2}"] }) { id } }`,
        );
        const replaced = await call(operation, owner.id, { mediaObjectIds: [m3, m1] });
        expect(result(replaced)).toEqual({ id: owner.id });
        expect(await members(owner.id, relation)).toEqual([m3, m1]);
        await call(operation, owner.id, { mediaObjectIds: [m1, m3] });
        expect(await members(owner.id, relation)).toEqual([m1, m3]);
        // A later add goes after them.
        await gql(
          `mutation { addMediaObjectsTo${name}(id: "${owner.id}", input: { mediaObjectIds: ["${m2}"] }) { id } }`,
        );
        expect(await members(owner.id, relation)).toEqual([m1, m3, m2]);
        const cleared = await call(operation, owner.id, { mediaObjectIds: [] });
        expect(result(cleared)).toEqual({ id: owner.id });
        expect(await members(owner.id, relation)).toEqual([]);
      },
    );

    it('refuses a duplicate id, an unknown or other-kind id and an unknown owner, changing nothing', async () => {
      const sku = await create('Sku', { name: 's' }, 'CreateSKUInput');
      const m = await create('MediaObject', { name: 'm', url: 'https://cdn.example.com/m.png' });
      await call('updateSkuMediaObjects', sku.id, { mediaObjectIds: [m.id] });
      const duplicate = await call('updateSkuMediaObjects', sku.id, {
        mediaObjectIds: [m.id, m.id.toUpperCase()],
      });
      expect(duplicate.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [expect.objectContaining({ code: 'DUPLICATE_ID' })],
      });
      expect(codes(await call('updateSkuMediaObjects', sku.id, { mediaObjectIds: [randomUUID()] }))).toEqual([
        'MEDIA_OBJECT_NOT_FOUND',
      ]);
      expect(codes(await call('updateSkuMediaObjects', sku.id, { mediaObjectIds: [sku.id] }))).toEqual([
        'MEDIA_OBJECT_NOT_FOUND',
      ]);
      expect(codes(await call('updateSkuMediaObjects', randomUUID(), { mediaObjectIds: [m.id] }))).toEqual([
        'SKU_NOT_FOUND',
      ]);
      const forbidden = await gql(
        `mutation { updateSkuMediaObjects(id: "${sku.id}", input: { mediaObjectIds: [] }) { id } }`,
        undefined,
        reader,
      );
      expect(codes(forbidden)).toEqual(['FORBIDDEN']);
      expect(await members(sku.id, 'SKU:MEDIA_OBJECT')).toEqual([m.id]);
    });
  });
});
