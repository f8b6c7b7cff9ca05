import {
  CatalogTestApp,
  Connection,
  GqlOptions,
  dataOf,
  startCatalogTestApp,
} from './support/catalog-test-app';

// The catalog's object types as the public storefront graph has them (issue 18): relation
// connections paged with first/after and counted, a group's price range and SKU count, ordering by
// price, label and lowest price, the storefront's stored fields and their deprecated aliases.
// Real PostgreSQL and Redis, one store per test.

interface Node {
  id: string;
  [field: string]: unknown;
}

type Errors = { errors?: { extensions: { code: string; fields?: { code: string }[] } }[] };

function codes(body: Errors): string[] {
  return (body.errors ?? []).map((e) => e.extensions.code);
}

describe('catalog storefront shapes (real Postgres)', () => {
  let catalog: CatalogTestApp;

  beforeAll(async () => {
    catalog = await startCatalogTestApp('catalog-storefront');
  });

  afterAll(async () => {
    await catalog?.close();
  });

  const storeOptions = (): GqlOptions => ({ store: catalog.store(catalog.defaults.cred) });

  async function mutate<T>(
    query: string,
    variables: Record<string, unknown>,
    options: GqlOptions,
  ): Promise<T> {
    return dataOf<{ r: T }>(await catalog.gql(query, variables, options)).r;
  }

  async function sku(options: GqlOptions, input: Record<string, unknown>): Promise<Node> {
    return mutate<Node>(
      'mutation ($i: CreateSKUInput!) { r: createSku(input: $i) { id } }',
      { i: input },
      options,
    );
  }

  async function group(options: GqlOptions, name: string, skuIds: string[]): Promise<Node> {
    const created = await mutate<Node>(
      'mutation ($i: MutationCreateSkuGroupInput!) { r: createSkuGroup(input: $i) { id } }',
      { i: { name } },
      options,
    );
    if (skuIds.length > 0)
      await mutate(
        'mutation ($id: String!, $ids: [String!]!) { r: addSkusToSkuGroup(id: $id, input: { skuIds: $ids }) { id } }',
        { id: created.id, ids: skuIds },
        options,
      );
    return created;
  }

  const usd = (value: number) => ({ value, currencyCode: 'USD' });

  describe('relation connections', () => {
    it('pages a group’s SKUs with first/after in the order they were added, with totalCount on every page', async () => {
      const options = storeOptions();
      const skus: Node[] = [];
      for (const name of ['a', 'b', 'c', 'd', 'e']) skus.push(await sku(options, { name }));
      const added = [skus[3], skus[0], skus[4], skus[1], skus[2]].map((s) => s.id);
      const g = await group(options, 'tee', added);
      const page = async (args: string) =>
        dataOf<{ g: { skus: Connection<Node> } }>(
          await catalog.gql(
            `{ g: skuGroup(id: "${g.id}") { skus(${args}) { edges { cursor node { id } } nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } } }`,
            undefined,
            options,
          ),
        ).g.skus;

      const first = await page('first: 2');
      expect(first.edges.map((e) => e.node.id)).toEqual(added.slice(0, 2));
      expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
      expect(first.totalCount).toBe(5);
      const second = await page(`first: 2, after: "${first.pageInfo.endCursor}"`);
      expect(second.nodes.map((n) => n.id)).toEqual(added.slice(2, 4));
      expect(second.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
      const third = await page(`first: 2, after: "${second.pageInfo.endCursor}"`);
      expect(third.nodes.map((n) => n.id)).toEqual(added.slice(4));
      expect(third.pageInfo.hasNextPage).toBe(false);
      expect(third.totalCount).toBe(5);
      const back = await page(`last: 2, before: "${third.pageInfo.startCursor}"`);
      expect(back.nodes.map((n) => n.id)).toEqual(added.slice(2, 4));
    });

    it('takes the member kind’s filters and orderBy, and refuses a cursor of another owner as INVALID_CURSOR', async () => {
      const options = storeOptions();
      const a = await sku(options, { name: 'a', label: 'Zebra', status: 'DRAFT' });
      const b = await sku(options, { name: 'b', label: 'Apple' });
      const c = await sku(options, { name: 'c', label: 'Mango' });
      const g1 = await group(options, 'one', [a.id, b.id, c.id]);
      const g2 = await group(options, 'two', [c.id]);
      const read = await catalog.gql(
        `{ g: skuGroup(id: "${g1.id}") {
            active: skus(status: { eq: "ACTIVE" }) { nodes { id } totalCount }
            byLabel: skus(orderBy: { label: DESC }, first: 1) { nodes { id } pageInfo { endCursor } }
          } }`,
        undefined,
        options,
      );
      const g = dataOf<{ g: { active: Connection<Node>; byLabel: Connection<Node> } }>(read).g;
      expect(g.active).toEqual({ nodes: [{ id: b.id }, { id: c.id }], totalCount: 2 });
      expect(g.byLabel.nodes).toEqual([{ id: a.id }]);
      const foreign = await catalog.gql(
        `{ g: skuGroup(id: "${g2.id}") { skus(orderBy: { label: DESC }, first: 1, after: "${g.byLabel.pageInfo.endCursor}") { totalCount } } }`,
        undefined,
        options,
      );
      expect(foreign.errors?.[0].extensions.fields).toEqual([
        expect.objectContaining({ code: 'INVALID_CURSOR' }),
      ]);
    });

    it('loads one relation for every owner of a response in one query (no query per owner)', async () => {
      const options = storeOptions();
      for (let i = 0; i < 4; i++) {
        const members = [
          (await sku(options, { name: `s${i}a` })).id,
          (await sku(options, { name: `s${i}b` })).id,
        ];
        await group(options, `g${i}`, members);
      }
      const spy = jest.spyOn(catalog.dataSource, 'query');
      try {
        const body = await catalog.gql(
          '{ skuGroups(first: 10) { nodes { id skus(first: 1) { nodes { id } totalCount } } } }',
          undefined,
          options,
        );
        const nodes = dataOf<{ skuGroups: Connection<{ id: string; skus: Connection<Node> }> }>(body)
          .skuGroups.nodes;
        expect(nodes.map((n) => n.skus.totalCount)).toEqual([2, 2, 2, 2]);
        expect(nodes.every((n) => n.skus.nodes.length === 1)).toBe(true);
        const laterals = spy.mock.calls.filter(([sql]) => String(sql).includes('CROSS JOIN LATERAL'));
        const counts = spy.mock.calls.filter(([sql]) => String(sql).includes('count(*) FROM ('));
        expect(laterals).toHaveLength(1);
        expect(counts).toHaveLength(1);
      } finally {
        spy.mockRestore();
      }
    });

    it('serves the public names: SKU.prices with value and compareAtValue, SKU.skuGroup, Attribute.values, SKU.attributes', async () => {
      const options = storeOptions();
      const s = await sku(options, { name: 'shirt' });
      const g = await group(options, 'tee', [s.id]);
      await mutate(
        'mutation ($i: MutationCreateSkuPriceInput!) { r: createSkuPrice(input: $i) { id } }',
        { i: { name: 'sale', skuId: s.id, amount: usd(1500), compareAtValue: usd(2000) } },
        options,
      );
      const attribute = await mutate<Node>(
        'mutation ($i: MutationCreateAttributeInput!) { r: createAttribute(input: $i) { id } }',
        { i: { name: 'Material', position: 2, description: 'What it is made of' } },
        options,
      );
      const value = await mutate<Node>(
        'mutation ($i: CreateAttributeValueInput!) { r: createAttributeValue(input: $i) { id } }',
        { i: { name: 'Cotton', attributeId: attribute.id } },
        options,
      );
      await mutate(
        'mutation ($id: String!, $ids: [String!]!) { r: addAttributeValuesToSku(id: $id, input: { attributeValueIds: $ids }) { id } }',
        { id: s.id, ids: [value.id] },
        options,
      );
      const read = await catalog.gql(
        `{ s: sku(id: "${s.id}") {
            prices { nodes { value { value currencyCode } amount { value } compareAtValue { value } SKU { id } sku { id } } totalCount }
            skuGroup { id } SKUGroup { id }
            attributes { nodes { id position description values { nodes { id } } } }
          } }`,
        undefined,
        options,
      );
      expect(dataOf(read)).toEqual({
        s: {
          prices: {
            nodes: [
              {
                value: { value: 1500, currencyCode: 'USD' },
                amount: { value: 1500 },
                compareAtValue: { value: 2000 },
                SKU: { id: s.id },
                sku: { id: s.id },
              },
            ],
            totalCount: 1,
          },
          skuGroup: { id: g.id },
          SKUGroup: { id: g.id },
          attributes: {
            nodes: [
              {
                id: attribute.id,
                position: 2,
                description: 'What it is made of',
                values: { nodes: [{ id: value.id }] },
              },
            ],
          },
        },
      });
    });
    it('pages references by origin (filterable), and a SKU’s inventory counts, as connections', async () => {
      const options = storeOptions();
      const s = await sku(options, { name: 'ref' });
      await mutate(
        'mutation ($id: String!) { r: addReferencesToSku(id: $id, input: { references: [{ name: "pim", value: "P-1" }, { name: "erp", value: "E-1" }, { name: "ads", value: "A-1" }] }) { id } }',
        { id: s.id },
        options,
      );
      const refs = async (args: string) =>
        dataOf<{ s: { references: Connection<{ origin: string; value: string }> } }>(
          await catalog.gql(
            `{ s: sku(id: "${s.id}") { references(${args}) { nodes { origin value } pageInfo { hasNextPage endCursor } totalCount } } }`,
            undefined,
            options,
          ),
        ).s.references;
      const first = await refs('first: 2');
      expect(first.nodes).toEqual([
        { origin: 'ads', value: 'A-1' },
        { origin: 'erp', value: 'E-1' },
      ]);
      expect(first).toMatchObject({ pageInfo: { hasNextPage: true }, totalCount: 3 });
      expect((await refs(`first: 2, after: "${first.pageInfo.endCursor}"`)).nodes).toEqual([
        { origin: 'pim', value: 'P-1' },
      ]);
      expect(await refs('origin: { in: ["erp", "none"] }')).toMatchObject({
        nodes: [{ origin: 'erp', value: 'E-1' }],
        totalCount: 1,
      });

      const location = await mutate<Node>(
        'mutation ($i: MutationCreateLocationInput!) { r: createLocation(input: $i) { id } }',
        { i: { name: 'depot' } },
        options,
      );
      await catalog.gql(
        'mutation ($input: MutationStockInventoryInput!) { stockInventory(input: $input) { id } }',
        { input: { skuId: s.id, locationId: location.id, quantity: 7 } },
        options,
      );
      const counts = await catalog.gql(
        `{ s: sku(id: "${s.id}") { inventoryCounts(first: 10) { nodes { type quantity sku { id } } totalCount } } }`,
        undefined,
        options,
      );
      const inventory = dataOf<{ s: { inventoryCounts: Connection<{ type: string; quantity: number }> } }>(
        counts,
      ).s.inventoryCounts;
      expect(inventory.totalCount).toBe(3);
      expect(Object.fromEntries(inventory.nodes.map((n) => [n.type, n.quantity]))).toEqual({
        ON_HAND: 7,
        COMMITTED: 0,
        AVAILABLE: 7,
      });
    });
  });

  describe('derived fields of a group', () => {
    it('priceRange, compareAtPriceRange and skuCount cover ACTIVE and DRAFT SKUs by default, any statuses asked', async () => {
      const options = storeOptions();
      const cheap = await sku(options, { name: 'cheap', price: usd(500), compareAtPrice: usd(900) });
      const dear = await sku(options, { name: 'dear', price: usd(2500), status: 'DRAFT' });
      const gone = await sku(options, { name: 'gone', price: usd(100), compareAtPrice: usd(150) });
      const g = await group(options, 'mixed', [cheap.id, dear.id, gone.id]);
      await mutate(`mutation { r: archiveSku(id: "${gone.id}") { id } }`, {}, options);
      const empty = await group(options, 'empty', []);
      const read = await catalog.gql(
        `{ g: skuGroup(id: "${g.id}") {
            priceRange { min max } compareAtPriceRange { min max } skuCount
            active: priceRange(status: { eq: "ACTIVE" }) { min max }
            archived: priceRange(status: { in: ["ARCHIVED"] }) { min max }
            archivedCount: skuCount(status: { eq: "ARCHIVED" })
            all: skuCount(status: { in: ["ACTIVE", "DRAFT", "ARCHIVED"] })
          }
          e: skuGroup(id: "${empty.id}") { priceRange { min max } skuCount } }`,
        undefined,
        options,
      );
      expect(dataOf(read)).toEqual({
        g: {
          priceRange: { min: 500, max: 2500 },
          compareAtPriceRange: { min: 900, max: 900 },
          skuCount: 2,
          active: { min: 500, max: 500 },
          archived: { min: 100, max: 100 },
          archivedCount: 1,
          all: 3,
        },
        e: { priceRange: { min: null, max: null }, skuCount: 0 },
      });
    });

    it('refuses a status that is not a catalog status with BAD_USER_INPUT', async () => {
      const options = storeOptions();
      const g = await group(options, 'g', []);
      const body = await catalog.gql(
        `{ g: skuGroup(id: "${g.id}") { skuCount(status: { eq: "SOLD" }) } }`,
        undefined,
        options,
      );
      expect(codes(body)).toEqual(['BAD_USER_INPUT']);
    });
  });

  describe('ordering', () => {
    it('orders SKUs by price across pages (no price last), keyset-correct with ties broken by id', async () => {
      const options = storeOptions();
      const prices = [900, 100, null, 500, 100, 300];
      const rows: { id: string; price: number | null }[] = [];
      for (const [i, price] of prices.entries())
        rows.push({
          id: (await sku(options, { name: `p${i}`, ...(price === null ? {} : { price: usd(price) }) })).id,
          price,
        });
      const expected = (direction: 'ASC' | 'DESC') =>
        [...rows]
          .sort((x, y) => {
            const px = x.price ?? Number.MAX_SAFE_INTEGER;
            const py = y.price ?? Number.MAX_SAFE_INTEGER;
            if (px !== py) return direction === 'ASC' ? px - py : py - px;
            return direction === 'ASC' ? (x.id < y.id ? -1 : 1) : x.id < y.id ? 1 : -1;
          })
          .map((r) => r.id);
      for (const direction of ['ASC', 'DESC'] as const) {
        const seen: string[] = [];
        let after: string | null = null;
        for (;;) {
          const afterArg: string = after ? `, after: "${after}"` : '';
          const page: Connection<Node> = dataOf<{ skus: Connection<Node> }>(
            await catalog.gql(
              `{ skus(first: 4, orderBy: { price: ${direction} }${afterArg}) { nodes { id } pageInfo { hasNextPage endCursor } } }`,
              undefined,
              options,
            ),
          ).skus;
          seen.push(...page.nodes.map((n) => n.id));
          if (!page.pageInfo.hasNextPage) break;
          after = page.pageInfo.endCursor;
        }
        expect(seen).toEqual(expected(direction));
      }
    });

    it('orders SKU groups by their lowest price and by label; saleCount is refused (the catalog records no sales)', async () => {
      const options = storeOptions();
      const s1 = await sku(options, { name: 's1', price: usd(700) });
      const s2 = await sku(options, { name: 's2', price: usd(200) });
      const s3 = await sku(options, { name: 's3', price: usd(400) });
      const high = await group(options, 'high', [s1.id]);
      await mutate(
        'mutation ($id: String!, $i: MutationUpdateSkuGroupInput!) { r: updateSkuGroup(id: $id, input: $i) { id } }',
        { id: high.id, i: { label: 'B' } },
        options,
      );
      const low = await group(options, 'low', [s1.id, s2.id]);
      const mid = await group(options, 'mid', [s3.id]);
      const none = await group(options, 'none', []);
      const ids = async (orderBy: string) =>
        dataOf<{ skuGroups: Connection<Node> }>(
          await catalog.gql(
            `{ skuGroups(first: 10, orderBy: ${orderBy}) { nodes { id } } }`,
            undefined,
            options,
          ),
        ).skuGroups.nodes.map((n) => n.id);
      expect(await ids('{ lowestPrice: ASC }')).toEqual([low.id, mid.id, high.id, none.id]);
      expect(await ids('{ lowestPrice: DESC }')).toEqual([none.id, high.id, mid.id, low.id]);
      expect((await ids('{ label: DESC }'))[0]).toBe(high.id);
      const refused = await catalog.gql(
        '{ skuGroups(first: 1, orderBy: { saleCount: DESC }) { totalCount } }',
        undefined,
        options,
      );
      expect(refused.errors?.[0].extensions.fields).toEqual([
        expect.objectContaining({ code: 'INVALID_VALUE' }),
      ]);
    });
  });

  describe('stored fields', () => {
    it('round-trips the storefront fields through create and update, with HTMLDescription equal to htmlDescription', async () => {
      const options = storeOptions();
      const fields =
        'htmlDescription HTMLDescription shortLabel eanCode gtinCode isbnCode upcCode weight unitOfWeight activatedAt';
      const created = await mutate<Record<string, unknown>>(
        `mutation ($i: CreateSKUInput!) { r: createSku(input: $i) { id ${fields} } }`,
        {
          i: {
            name: 'mug',
            htmlDescription: '<p>A mug</p>',
            shortLabel: 'Mug',
            eanCode: '4006381333931',
            gtinCode: '00012345600012',
            isbnCode: '9780306406157',
            upcCode: '036000291452',
            weight: 0.35,
            unitOfWeight: 'kg',
          },
        },
        options,
      );
      expect(created).toMatchObject({
        htmlDescription: '<p>A mug</p>',
        HTMLDescription: '<p>A mug</p>',
        shortLabel: 'Mug',
        eanCode: '4006381333931',
        weight: 0.35,
        unitOfWeight: 'kg',
        activatedAt: expect.any(String),
      });
      const updated = await mutate<Record<string, unknown>>(
        `mutation ($id: String!, $i: MutationUpdateSkuInput!) { r: updateSku(id: $id, input: $i) { ${fields} } }`,
        { id: created.id, i: { htmlDescription: '<p>Big mug</p>', weight: 0.5, upcCode: null } },
        options,
      );
      expect(updated).toMatchObject({
        htmlDescription: '<p>Big mug</p>',
        HTMLDescription: '<p>Big mug</p>',
        weight: 0.5,
        upcCode: null,
        isbnCode: '9780306406157',
      });
      const found = await catalog.gql(
        '{ skus(first: 5, eanCode: { eq: "4006381333931" }) { nodes { id } } none: skus(first: 5, upcCode: { in: ["036000291452"] }) { totalCount } }',
        undefined,
        options,
      );
      expect(dataOf(found)).toEqual({ skus: { nodes: [{ id: created.id }] }, none: { totalCount: 0 } });
    });

    it('sets activatedAt when a record becomes ACTIVE, not while it is DRAFT', async () => {
      const options = storeOptions();
      const draft = await mutate<{ id: string; activatedAt: string | null }>(
        'mutation ($i: MutationCreateSkuGroupInput!) { r: createSkuGroup(input: $i) { id activatedAt } }',
        { i: { name: 'later', status: 'DRAFT' } },
        options,
      );
      expect(draft.activatedAt).toBeNull();
      const active = await mutate<{ activatedAt: string | null }>(
        'mutation ($id: String!) { r: updateSkuGroup(id: $id, input: { status: ACTIVE }) { activatedAt } }',
        { id: draft.id },
        options,
      );
      expect(active.activatedAt).toEqual(expect.any(String));
    });

    it('answers options as the Option union of ListOption, with its group id, validation and values', async () => {
      const options = storeOptions();
      const option = await mutate<Node>(
        'mutation ($i: MutationCreateOptionInput!) { r: createOption(input: $i) { ... on ListOption { id } } }',
        { i: { name: 'Size', displayType: 'DROPDOWN', validation: { min: 1, max: 1 } } },
        options,
      );
      const g = await group(options, 'tee', []);
      await mutate(
        'mutation ($id: String!, $ids: [String!]!) { r: addOptionsToSkuGroup(id: $id, input: { optionIds: $ids }) { id } }',
        { id: g.id, ids: [option.id] },
        options,
      );
      const value = await mutate<Node>(
        'mutation ($i: MutationCreateOptionValueInput!) { r: createOptionValue(input: $i) { id } }',
        { i: { name: 'S', optionId: option.id } },
        options,
      );
      const read = await catalog.gql(
        `{ skuGroup(id: "${g.id}") { options { nodes { __typename ... on ListOption { id skuGroupId type validation { min max } values { nodes { id } } } } } } }`,
        undefined,
        options,
      );
      expect(dataOf(read)).toEqual({
        skuGroup: {
          options: {
            nodes: [
              {
                __typename: 'ListOption',
                id: option.id,
                skuGroupId: g.id,
                type: 'DROPDOWN',
                validation: { min: 1, max: 1 },
                values: { nodes: [{ id: value.id }] },
              },
            ],
          },
        },
      });
    });

    it('categoriesListTree is the tree named "categories", with its nodes as a connection; null without one', async () => {
      const options = storeOptions();
      const none = await catalog.gql('{ categoriesListTree { id } }', undefined, options);
      expect(dataOf(none)).toEqual({ categoriesListTree: null });
      await mutate(
        'mutation ($i: MutationCreateListTreeInput!) { r: createListTree(input: $i) { id } }',
        { i: { name: 'nav' } },
        options,
      );
      const tree = await mutate<Node>(
        'mutation ($i: MutationCreateListTreeInput!) { r: createListTree(input: $i) { id } }',
        { i: { name: 'Categories' } },
        options,
      );
      const node = await mutate<Node>(
        'mutation ($i: MutationCreateListTreeNodeInput!) { r: createListTreeNode(input: $i) { id } }',
        { i: { name: 'Shirts', listTreeId: tree.id } },
        options,
      );
      const read = await catalog.gql(
        '{ categoriesListTree { id listTreeNodes(first: 5, hasParent: false) { nodes { id } totalCount } metafields { totalCount } } }',
        undefined,
        options,
      );
      expect(dataOf(read)).toEqual({
        categoriesListTree: {
          id: tree.id,
          listTreeNodes: { nodes: [{ id: node.id }], totalCount: 1 },
          metafields: { totalCount: 0 },
        },
      });
    });
  });
});
