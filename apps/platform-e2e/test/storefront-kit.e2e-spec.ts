import { DefinitionNode, Kind, parse } from 'graphql';
import { TestEnv, createTestEnv, describeWithVendorData, freePort } from '@platform/testing';
import { StartedPlatform, startPlatform } from './support/npm-start';
import { createStorefrontShop } from './support/storefront-shop';

/**
 * GoDaddy's storefront kit (github.com/godaddy/javascript, `packages/react/src/lib/godaddy`) as a
 * new user runs it: every operation document it sends, read from
 * ../shared/vendor-tests/godaddy-storefront-kit (never copied into the repository), sent exactly as
 * it is with the variables the kit gives it, through the gateway of a platform started with
 * `npm start`, against a store set up through the public catalog, tax and order graphs. The catalog
 * documents go to `/graphql` (and the listing also to the catalog's own path), the cart documents to
 * the order storefront path.
 */
interface Operation {
  readonly name: string;
  /** The operation as the kit sends it: its own text, with the fragments it spreads. */
  readonly query: string;
}

/**
 * The operations of one of the kit's documents, by name, each as the kit sends it: its own text,
 * byte for byte (plus the text of any fragment the file defines).
 */
function operationsOf(text: string): Map<string, Operation> {
  const document = parse(text);
  const sourceOf = (node: DefinitionNode): string =>
    node.loc ? text.slice(node.loc.start, node.loc.end) : '';
  const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION).map(sourceOf);
  const operations = new Map<string, Operation>();
  for (const d of document.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION || !d.name) continue;
    operations.set(d.name.value, { name: d.name.value, query: [sourceOf(d), ...fragments].join('\n\n') });
  }
  return operations;
}

interface Edge<T> {
  readonly cursor?: string;
  readonly node: T;
}
interface Connection<T> {
  readonly edges: readonly Edge<T>[];
}
interface KitSku {
  readonly id: string;
  readonly name: string;
  readonly label: string | null;
  readonly prices: Connection<{ value: { currencyCode: string } }>;
  readonly inventoryCounts: Connection<{ id: string; quantity: number; type: string }>;
}
interface KitGroup {
  readonly id: string;
  readonly name: string;
  readonly label: string | null;
  readonly description: string | null;
  readonly htmlDescription: string | null;
  readonly type: string | null;
  readonly priceRange: { min: number; max: number } | null;
  readonly compareAtPriceRange: { min: number; max: number } | null;
  readonly mediaObjects: Connection<{ url: string; type: string | null }>;
  readonly attributes: Connection<{
    id: string;
    name: string;
    label: string | null;
    values: Connection<{ id: string; name: string; label: string | null }>;
  }>;
  readonly skus: Connection<KitSku>;
}
interface KitListing {
  readonly skuGroups: Connection<KitGroup> & {
    readonly pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null };
    readonly totalCount: number;
  };
}
interface Money {
  readonly value: number;
  readonly currencyCode: string;
}
interface KitCart {
  readonly id: string;
  readonly lineItems: readonly {
    id: string;
    skuId: string;
    quantity: number;
    totals: { subTotal: Money; taxTotal: Money };
  }[];
  readonly totals: {
    subTotal: Money;
    shippingTotal: Money;
    taxTotal: Money;
    discountTotal: Money;
    feeTotal: Money;
    total: Money;
  };
}

describeWithVendorData('godaddy-storefront-kit', "GoDaddy's storefront kit end to end (npm start)", (kit) => {
  const catalogOps = operationsOf(kit.readText('catalog-storefront-queries.graphql'));
  const cartOps = new Map([
    ...operationsOf(kit.readText('orders-storefront-mutations.graphql')),
    ...operationsOf(kit.readText('orders-storefront-queries.graphql')),
  ]);
  const op = (ops: Map<string, Operation>, name: string): string => {
    const found = ops.get(name);
    if (!found) throw new Error(`the kit has no operation ${name}`);
    return found.query;
  };

  let env: TestEnv;
  let platform: StartedPlatform | undefined;
  let baseUrl: string;
  let childEnv: NodeJS.ProcessEnv;
  let storeId: string;
  let channelId: string;
  let token: string;

  beforeAll(async () => {
    env = await createTestEnv('storefront-kit');
    childEnv = {
      ...process.env,
      ...env.env,
      LOG_LEVEL: 'warn',
      // PORTS=auto puts every process on a free port, beside any other platform running.
      PORTS: 'auto',
      PORT: String(await freePort()),
      PUBLIC_BASE_URL: undefined,
    };
    platform = await startPlatform(childEnv);
    baseUrl = platform.baseUrl;

    ({ storeId, channelId, token } = await createStorefrontShop(childEnv, {
      account: 'kit shop',
      channel: 'Web',
    }));
  }, 300_000);

  afterAll(async () => {
    await platform?.stop();
    await env?.teardown();
  }, 60_000);

  /** One GraphQL request through the gateway: the HTTP status and the body. */
  const send = async (path: string, query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-store-id': storeId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ query, variables }),
    });
    return {
      status: res.status,
      body: (await res.json()) as {
        data?: unknown;
        errors?: { message: string; extensions: { code: string } }[];
      },
    };
  };
  /** Its data; any error fails the test with the errors printed. */
  const ok = async <T>(path: string, query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const { status, body } = await send(path, query, variables);
    expect({ status, errors: body.errors }).toEqual({ status: 200, errors: undefined });
    return body.data as T;
  };
  const merchant = <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) =>
    ok<T>('/graphql', query, variables);
  const catalogPath = () => `/v2/commerce/stores/${storeId}/catalog-subgraph`;
  const cartPath = '/v1/commerce/order-storefront-subgraph';

  // The shop, made by the merchant through the public graphs.
  const teas = [
    { name: 'Sencha', label: 'Sencha 100 g', code: 'KIT-SENCHA', price: 1250, origin: 'Japan' },
    { name: 'Assam', label: 'Assam 100 g', code: 'KIT-ASSAM', price: 990, origin: 'India' },
  ];
  const shop = {
    teasId: '',
    mugsId: '',
    skuIds: [] as string[],
    mugSkuId: '',
    originId: '',
    originValueIds: {} as Record<string, string>,
  };

  it('sets a shop up through the public catalog, tax and order graphs', async () => {
    const { location } = await merchant<{ location: { id: string } }>(
      'mutation { location: createLocation(input: { name: "Back room" }) { id } }',
    );
    // Two requests: the listing's order is creation order (milliseconds, then ids).
    const { teasGroup } = await merchant<{ teasGroup: { id: string } }>(
      `mutation { teasGroup: createSkuGroup(input: { name: "Teas", label: "Loose-leaf teas",
        description: "Two teas", htmlDescription: "<p>Two teas</p>", type: "PHYSICAL" }) { id } }`,
    );
    const { mugsGroup } = await merchant<{ mugsGroup: { id: string } }>(
      'mutation { mugsGroup: createSkuGroup(input: { name: "Mugs", label: "Mugs", type: "PHYSICAL" }) { id } }',
    );
    shop.teasId = teasGroup.id;
    shop.mugsId = mugsGroup.id;
    const { origin } = await merchant<{ origin: { id: string } }>(
      'mutation { origin: createAttribute(input: { name: "origin", label: "Origin" }) { id } }',
    );
    shop.originId = origin.id;
    const { createAttributeValues: values } = await merchant<{
      createAttributeValues: { id: string; name: string }[];
    }>(
      'mutation($input: [CreateAttributeValueInput!]!) { createAttributeValues(input: $input) { id name } }',
      {
        input: teas.map((t, i) => ({
          attributeId: origin.id,
          name: t.origin,
          label: t.origin,
          position: i + 1,
        })),
      },
    );
    for (const v of values) shop.originValueIds[v.name] = v.id;
    await merchant(
      'mutation($id: String!, $ids: [String!]!) { addAttributesToSkuGroup(id: $id, input: { attributeIds: $ids }) { id } }',
      { id: teasGroup.id, ids: [origin.id] },
    );
    for (const tea of teas) {
      const { sku } = await merchant<{ sku: { id: string } }>(
        'mutation($input: CreateSKUInput!) { sku: createSku(input: $input) { id } }',
        { input: { name: tea.name, label: tea.label, code: tea.code } },
      );
      shop.skuIds.push(sku.id);
      const { media } = await merchant<{ media: { id: string } }>(
        `mutation($price: MutationCreateSkuPriceInput!, $media: MutationCreateMediaObjectInput!) {
          createSkuPrice(input: $price) { id }
          media: createMediaObject(input: $media) { id }
        }`,
        {
          price: { name: 'base', skuId: sku.id, amount: { value: tea.price, currencyCode: 'USD' } },
          media: { name: `${tea.name} photo`, url: `https://cdn.example.com/${tea.code}.jpg`, type: 'IMAGE' },
        },
      );
      await merchant(
        `mutation($sku: String!, $group: String!, $media: [String!]!, $values: [String!]!) {
          addMediaObjectsToSku(id: $sku, input: { mediaObjectIds: $media }) { id }
          addMediaObjectsToSkuGroup(id: $group, input: { mediaObjectIds: $media }) { id }
          addAttributeValuesToSku(id: $sku, input: { attributeValueIds: $values }) { id }
        }`,
        { sku: sku.id, group: teasGroup.id, media: [media.id], values: [shop.originValueIds[tea.origin]] },
      );
      await merchant(
        'mutation($input: MutationCreateInventoryAdjustmentInput!) { createInventoryAdjustment(input: $input) { id } }',
        { input: { locationId: location.id, skuId: sku.id, type: 'STOCK', quantity: 12 } },
      );
    }
    const { mug } = await merchant<{ mug: { id: string } }>(
      'mutation { mug: createSku(input: { name: "Mug", code: "KIT-MUG" }) { id } }',
    );
    shop.mugSkuId = mug.id;
    await merchant(
      'mutation($input: MutationCreateSkuPriceInput!) { createSkuPrice(input: $input) { id } }',
      { input: { name: 'base', skuId: mug.id, amount: { value: 1500, currencyCode: 'USD' } } },
    );
    await merchant(
      `mutation($teas: String!, $teaSkus: [String!]!, $mugs: String!, $mugSkus: [String!]!) {
        a: addSkusToSkuGroup(id: $teas, input: { skuIds: $teaSkus }) { id }
        b: addSkusToSkuGroup(id: $mugs, input: { skuIds: $mugSkus }) { id }
      }`,
      { teas: teasGroup.id, teaSkus: shop.skuIds, mugs: mugsGroup.id, mugSkus: [mug.id] },
    );
    // Tax: 8.25 % in California on the teas; a 10 % code.
    const { jurisdiction } = await merchant<{ jurisdiction: { id: string } }>(
      'mutation { jurisdiction: createJurisdiction(input: { name: "California", countryCode: "US", regionCode: "CA" }) { id } }',
    );
    const { rate } = await merchant<{ rate: { id: string } }>(
      'mutation($input: MutationCreateRateInput!) { rate: createRate(input: $input) { id } }',
      { input: { label: 'CA sales tax', value: { percentage: '8.25' }, jurisdictionId: jurisdiction.id } },
    );
    const { taxClass } = await merchant<{ taxClass: { id: string } }>(
      'mutation { taxClass: createClassification(input: { name: "Teas" }) { id } }',
    );
    await merchant(
      `mutation($c: ID!, $rates: MutationAddRatesToClassificationInput!, $skus: MutationAddSkusToClassificationInput!) {
        addRatesToClassification(classificationId: $c, input: $rates) { id }
        addSkusToClassification(classificationId: $c, input: $skus) { id }
      }`,
      { c: taxClass.id, rates: { rateIds: [rate.id] }, skus: { skuIds: shop.skuIds } },
    );
    await merchant(
      'mutation($input: CreateDiscountCodeInput!) { createDiscountCode(input: $input) { id } }',
      {
        input: { context: { storeId }, code: 'TEA10', name: 'Tea time', ratePercentage: '10' },
      },
    );
    expect(shop.skuIds).toHaveLength(2);
  });

  it('SkuGroups lists the products with prices, media, attributes and stock, through /graphql and the catalog path', async () => {
    const query = op(catalogOps, 'SkuGroups');
    const listing = await merchant<KitListing>(query, { first: 10 });
    expect(listing.skuGroups.totalCount).toBe(2);
    expect(listing.skuGroups.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
    const [teasGroup, mugsGroup] = listing.skuGroups.edges.map((e) => e.node);
    expect(teasGroup).toMatchObject({
      id: shop.teasId,
      name: 'Teas',
      label: 'Loose-leaf teas',
      description: 'Two teas',
      htmlDescription: '<p>Two teas</p>',
      type: 'PHYSICAL',
      // Money in minor units (docs/graphql.md, "Catalog storefront shapes").
      priceRange: { min: 990, max: 1250 },
    });
    expect(teasGroup.mediaObjects.edges.map((e) => e.node)).toEqual(
      teas.map((t) => ({ url: `https://cdn.example.com/${t.code}.jpg`, type: 'IMAGE' })),
    );
    const attributes = teasGroup.attributes.edges.map(({ node }) => ({
      id: node.id,
      label: node.label,
      // Values made in one call share a creation time: compare them as a set.
      values: node.values.edges.map((e) => e.node).sort((a, b) => a.name.localeCompare(b.name)),
    }));
    expect(attributes).toEqual([
      {
        id: shop.originId,
        label: 'Origin',
        values: teas
          .map((t) => ({ id: shop.originValueIds[t.origin], name: t.origin, label: t.origin }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      },
    ]);
    expect(
      teasGroup.skus.edges.map(({ node }) => ({
        id: node.id,
        name: node.name,
        currencies: node.prices.edges.map((p) => p.node.value.currencyCode),
        onHand: node.inventoryCounts.edges.find((c) => c.node.type === 'ON_HAND')?.node.quantity,
      })),
    ).toEqual(teas.map((t, i) => ({ id: shop.skuIds[i], name: t.name, currencies: ['USD'], onHand: 12 })));
    expect(mugsGroup).toMatchObject({ id: shop.mugsId, name: 'Mugs', priceRange: { min: 1500, max: 1500 } });

    // The sizes storefronts page with, on the catalog's own path (through the gateway's router).
    const onPath = await ok<KitListing>(catalogPath(), query, { first: 50 });
    expect(onPath).toEqual(listing);
    // Paging forward with the kit's `after`.
    const first = await merchant<KitListing>(query, { first: 1 });
    const next = await merchant<KitListing>(query, { first: 1, after: first.skuGroups.pageInfo.endCursor });
    expect([first, next].map((l) => l.skuGroups.edges[0].node.id)).toEqual([shop.teasId, shop.mugsId]);
    // The kit's filters: by id and by label.
    const byId = await merchant<KitListing>(query, { first: 10, id: { in: [shop.mugsId] } });
    expect(byId.skuGroups.edges.map((e) => e.node.name)).toEqual(['Mugs']);
  });

  it('SkuGroup and Sku read one product and one SKU as a product page does', async () => {
    const group = await merchant<{ skuGroup: KitGroup }>(op(catalogOps, 'SkuGroup'), {
      id: shop.teasId,
      first: 10,
    });
    expect(group.skuGroup.skus.edges.map((e) => e.node.name)).toEqual(['Sencha', 'Assam']);
    // Choosing a value narrows the SKUs, as the kit's variant picker does.
    const japan = await merchant<{ skuGroup: KitGroup }>(op(catalogOps, 'SkuGroup'), {
      id: shop.teasId,
      first: 10,
      attributeValues: [shop.originValueIds.Japan],
    });
    expect(japan.skuGroup.skus.edges.map((e) => e.node.name)).toEqual(['Sencha']);

    const { sku } = await merchant<{
      sku: {
        id: string;
        code: string;
        prices: Connection<{ value: Money; compareAtValue: Money | null }>;
        mediaObjects: Connection<{ url: string }>;
        attributeValues: Connection<{ id: string; name: string }>;
      };
    }>(op(catalogOps, 'Sku'), { id: shop.skuIds[0] });
    expect({
      id: sku.id,
      code: sku.code,
      prices: sku.prices.edges.map((e) => e.node.value),
      media: sku.mediaObjects.edges.map((e) => e.node.url),
      values: sku.attributeValues.edges.map((e) => e.node.name),
    }).toEqual({
      id: shop.skuIds[0],
      code: 'KIT-SENCHA',
      prices: [{ value: 1250, currencyCode: 'USD' }],
      media: ['https://cdn.example.com/KIT-SENCHA.jpg'],
      values: ['Japan'],
    });
  });

  it('runs the cart: lines priced from the catalog, the code applied, taxes at the address, totals that add up', async () => {
    const { addDraftOrder: cart } = await ok<{ addDraftOrder: KitCart }>(
      cartPath,
      op(cartOps, 'AddCartOrder'),
      {
        input: { context: { storeId, channelId } },
      },
    );
    expect(cart.lineItems).toEqual([]);

    const lines: string[] = [];
    for (const skuId of [...shop.skuIds, shop.mugSkuId]) {
      const { addLineItemBySkuId: line } = await ok<{
        addLineItemBySkuId: { id: string; skuId: string; quantity: number; details: { sku: string } };
      }>(cartPath, op(cartOps, 'AddLineItemBySkuId'), { input: { orderId: cart.id, skuId, quantity: 1 } });
      expect(line).toMatchObject({ skuId, quantity: 1 });
      lines.push(line.id);
    }
    const { updateLineItemById: changed } = await ok<{
      updateLineItemById: { quantity: number; totals: { subTotal: Money } };
    }>(cartPath, op(cartOps, 'UpdateLineItemById'), {
      input: { id: lines[0], orderId: cart.id, quantity: 3 },
    });
    expect(changed).toMatchObject({
      quantity: 3,
      totals: { subTotal: { value: 3 * 1250, currencyCode: 'USD' } },
    });

    const removed = await ok<{ deleteLineItemById: boolean }>(cartPath, op(cartOps, 'DeleteLineItemById'), {
      id: lines[2],
      orderId: cart.id,
    });
    expect(removed.deleteLineItemById).toBe(true);

    const { applyDiscountCodes: discounted } = await ok<{
      applyDiscountCodes: { discounts: { code: string; ratePercentage: string }[] };
    }>(cartPath, op(cartOps, 'ApplyDiscountCodes'), {
      input: { orderId: cart.id, discountCodes: ['tea10'] },
    });
    expect(discounted.discounts).toEqual([expect.objectContaining({ code: 'TEA10', ratePercentage: '10' })]);

    // Checkout: the shopper's address (California) brings the teas' tax.
    const address = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: { countryCode: 'US', adminArea1: 'CA', postalCode: '94105' },
    };
    await ok(cartPath, op(cartOps, 'UpdateCartOrder'), {
      input: { id: cart.id, context: { storeId, channelId }, shipping: address, billing: address },
    });

    const { orderById: read } = await ok<{ orderById: KitCart & { discounts: { code: string }[] } }>(
      cartPath,
      op(cartOps, 'GetCartOrder'),
      { id: cart.id },
    );
    // 3 × 12.50 + 9.90 = 47.40; 10 % off = 4.74; 8.25 % of each tea line: 3.09 + 0.82 = 3.91.
    const subTotal = 3 * 1250 + 990;
    const discount = Math.round(subTotal / 10);
    const tax = Math.round((3 * 1250 * 825) / 10_000) + Math.round((990 * 825) / 10_000);
    expect(
      read.lineItems.map((l) => ({
        skuId: l.skuId,
        quantity: l.quantity,
        subTotal: l.totals.subTotal.value,
      })),
    ).toEqual([
      { skuId: shop.skuIds[0], quantity: 3, subTotal: 3750 },
      { skuId: shop.skuIds[1], quantity: 1, subTotal: 990 },
    ]);
    expect(read.discounts.map((d) => d.code)).toEqual(['TEA10']);
    const money = (value: number) => ({ value, currencyCode: 'USD' });
    expect(read.totals).toMatchObject({
      subTotal: money(subTotal),
      discountTotal: money(discount),
      taxTotal: money(tax),
      shippingTotal: money(0),
      feeTotal: money(0),
      total: money(subTotal - discount + tax),
    });
    expect(read.lineItems.reduce((sum, l) => sum + l.totals.taxTotal.value, 0)).toBe(tax);
  });

  it('answers queries sent as GET (GraphQL over HTTP) on /graphql and each subgraph path, and refuses mutations so sent (405)', async () => {
    const get = (path: string, query: string, variables?: Record<string, unknown>) =>
      fetch(
        `${baseUrl}${path}?query=${encodeURIComponent(query)}` +
          (variables ? `&variables=${encodeURIComponent(JSON.stringify(variables))}` : ''),
        { headers: { authorization: `Bearer ${token}`, 'x-store-id': storeId } },
      );
    const listing = '{ skuGroups(first: 2) { edges { node { id name } } } }';
    const posted = await ok<unknown>('/graphql', listing);
    for (const path of ['/graphql', catalogPath()]) {
      const res = await get(path, listing);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: posted });
    }
    const { addDraftOrder: cart } = await ok<{ addDraftOrder: KitCart }>(
      cartPath,
      op(cartOps, 'AddCartOrder'),
      {
        input: { context: { storeId, channelId } },
      },
    );
    const read = await get(cartPath, op(cartOps, 'GetCartOrder'), { id: cart.id });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { data: { orderById: { id: string } } }).data.orderById.id).toBe(cart.id);
    for (const path of ['/graphql', cartPath]) {
      const res = await get(path, op(cartOps, 'AddCartOrder'), {
        input: { context: { storeId, channelId } },
      });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(
        ((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code,
      ).toBe('BAD_REQUEST');
    }
  });

  it('refuses a listing built to be abusive with GRAPHQL_QUERY_TOO_COMPLEX, through /graphql and on the catalog path', async () => {
    const abusive = `{ skuGroups(first: 100) { edges { node { id
      skus(first: 100) { edges { node { id prices(first: 100) { edges { node { id value { value } } } } } } }
      attributes(first: 100) { edges { node { id values(first: 100) { edges { node { id name label } } } } } } } } } }`;
    for (const path of ['/graphql', catalogPath()]) {
      const { body } = await send(path, abusive);
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(
            /^the operation's estimated cost is \d+; the limit is \d+ \(request smaller pages\)$/,
          ),
          extensions: expect.objectContaining({ code: 'GRAPHQL_QUERY_TOO_COMPLEX' }),
        }),
      ]);
    }
  });
});
