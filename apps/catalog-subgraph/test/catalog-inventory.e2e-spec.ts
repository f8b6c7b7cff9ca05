import { randomUUID } from 'node:crypto';
import { createQueue } from '@platform/queue';
import { TestCredential, WorkerHarness, waitFor } from '@platform/testing';
import { InventoryAdjustmentEntity } from '../src/modules/inventory/inventory-adjustment.entity';
import { InventoryExpiryService } from '../src/modules/inventory/inventory-expiry.service';
import { InventoryReservationEntity } from '../src/modules/inventory/inventory-reservation.entity';
import { CatalogInventoryQueue } from '../src/modules/inventory/inventory.jobs';
import { CatalogInventoryProcessor } from '../src/modules/inventory/inventory.processor';
import {
  CatalogTestApp,
  Connection,
  GraphQLBody,
  dataOf,
  defaultsOf,
  startCatalogTestApp,
  startCatalogWorker,
} from './support/catalog-test-app';

const ADJUSTMENT = 'id type locationId skuId quantity reasonId reservationId createdAt';
const COUNT = 'id type quantity locationId skuId createdAt updatedAt';

const STOCK = `mutation($input: MutationStockInventoryInput!) { stockInventory(input: $input) { ${ADJUSTMENT} } }`;
const COMMIT = `mutation($input: MutationCommitInventoryInput!) { commitInventory(input: $input) { ${ADJUSTMENT} } }`;
const RELEASE = `mutation($input: MutationReleaseInventoryInput!) { releaseInventory(input: $input) { ${ADJUSTMENT} } }`;
const ADJUST = `mutation($input: MutationAdjustInventoryInput!) { adjustInventory(input: $input) { ${ADJUSTMENT} } }`;
const COUNT_QUERY = `query($locationId: String!, $skuId: String!) { inventoryCount(locationId: $locationId, skuId: $skuId) { ${COUNT} } }`;

interface Adjustment {
  id: string;
  type: string;
  locationId: string;
  skuId: string;
  quantity: number;
  reasonId: string | null;
  reservationId: string | null;
  createdAt: string;
}
/** One InventoryCount: one type's quantity of a SKU at a location. */
interface TypeCount {
  id: string;
  type: 'AVAILABLE' | 'COMMITTED' | 'ON_HAND';
  quantity: number;
  locationId: string;
  skuId: string;
  createdAt: string;
  updatedAt: string;
}
/** The levels of a SKU at a location, read from its three InventoryCount types. */
interface Count {
  locationId: string;
  skuId: string;
  onHand: number;
  committed: number;
  available: number;
}

function levelsOf(counts: readonly TypeCount[] | null): Count | null {
  if (!counts || counts.length === 0) return null;
  const quantity = (type: TypeCount['type']) => counts.find((c) => c.type === type)?.quantity;
  return {
    locationId: counts[0].locationId,
    skuId: counts[0].skuId,
    onHand: quantity('ON_HAND') as number,
    committed: quantity('COMMITTED') as number,
    available: quantity('AVAILABLE') as number,
  };
}
const codeOf = (body: GraphQLBody) => body.errors?.[0]?.extensions.code;

describe('catalog inventory (real Postgres and Redis)', () => {
  let catalog: CatalogTestApp;
  let worker: WorkerHarness;
  let store: string;
  let cred: TestCredential;
  let location: string;
  let reason: string;

  const create = async (
    mutation: 'createSku' | 'createLocation' | 'createInventoryAdjustmentReason',
    inputType: string,
    input: Record<string, unknown>,
    storeId = store,
    credential = cred,
  ): Promise<string> =>
    dataOf<Record<string, { id: string }>>(
      await catalog.gql(
        `mutation($input: ${inputType}!) { ${mutation}(input: $input) { id } }`,
        { input },
        { store: storeId, cred: credential },
      ),
    )[mutation].id;
  const newSku = (storeId = store, credential = cred) =>
    create('createSku', 'CreateSKUInput', { name: `SKU ${randomUUID()}` }, storeId, credential);
  const newLocation = (allowNegativeInventory = false, storeId = store, credential = cred) =>
    create(
      'createLocation',
      'MutationCreateLocationInput',
      { name: 'Warehouse', allowNegativeInventory },
      storeId,
      credential,
    );

  const call = (query: string, input: Record<string, unknown>, storeId = store) =>
    catalog.gql(query, { input }, { store: storeId });
  const rows = (body: GraphQLBody): Adjustment[] => {
    const data = dataOf<Record<string, Adjustment[]>>(body);
    return Object.values(data)[0];
  };
  const countOf = async (locationId: string, skuId: string, storeId = store): Promise<Count | null> =>
    levelsOf(
      dataOf<{ inventoryCount: TypeCount[] | null }>(
        await catalog.gql(COUNT_QUERY, { locationId, skuId }, { store: storeId }),
      ).inventoryCount,
    );
  const reservationStatus = async (id: string): Promise<string> =>
    (await catalog.dataSource.getRepository(InventoryReservationEntity).findOneByOrFail({ id })).status;

  beforeAll(async () => {
    catalog = await startCatalogTestApp('catalog-inventory');
    ({ store, cred } = defaultsOf(catalog));
    location = await newLocation();
    reason = await create('createInventoryAdjustmentReason', 'MutationCreateInventoryAdjustmentReasonInput', {
      name: 'Recount',
    });
  });

  afterAll(async () => {
    await worker?.close();
    await catalog?.close();
  });

  describe('stock, commit, release, adjust', () => {
    it('answers no counts for a SKU never stocked or committed at the location', async () => {
      const body = await catalog.gql(COUNT_QUERY, { locationId: location, skuId: await newSku() });
      expect(dataOf(body)).toEqual({ inventoryCount: [] });
    });

    it('stocks units: on hand and available go up by the quantity, one STOCK adjustment with the reason', async () => {
      const sku = await newSku();
      const [row] = rows(
        await call(STOCK, { locationId: location, skuId: sku, quantity: 5, reasonId: reason }),
      );
      expect(row).toMatchObject({
        type: 'STOCK',
        locationId: location,
        skuId: sku,
        quantity: 5,
        reasonId: reason,
        reservationId: null,
      });
      rows(await call(STOCK, { locationId: location, skuId: sku, quantity: 2 }));
      expect(await countOf(location, sku)).toMatchObject({ onHand: 7, committed: 0, available: 7 });
    });

    it('createInventoryAdjustment (the public generic form): STOCK as stockInventory, ADJUST as adjustInventory', async () => {
      const sku = await newSku();
      const CREATE = `mutation($input: MutationCreateInventoryAdjustmentInput!) { r: createInventoryAdjustment(input: $input) { ${ADJUSTMENT} } }`;
      const created = async (input: Record<string, unknown>) =>
        dataOf<{ r: Adjustment }>(await call(CREATE, { locationId: location, skuId: sku, ...input })).r;
      expect(await created({ type: 'STOCK', quantity: 4 })).toMatchObject({
        type: 'STOCK',
        quantity: 4,
        skuId: sku,
      });
      expect(await created({ type: 'ADJUST', quantity: -1, reasonId: reason })).toMatchObject({
        type: 'ADJUST',
        quantity: -1,
        reasonId: reason,
      });
      expect(await countOf(location, sku)).toMatchObject({ onHand: 3, committed: 0, available: 3 });
      for (const input of [
        { type: 'STOCK', quantity: -2 },
        { type: 'ADJUST', quantity: 2 },
        { type: 'COMMIT', quantity: 1 },
        { type: 'ADJUST', quantity: 0, reasonId: reason },
      ])
        expect(codeOf(await call(CREATE, { locationId: location, skuId: sku, ...input }))).toBe(
          'BAD_USER_INPUT',
        );
      expect(
        codeOf(
          await call(CREATE, {
            locationId: location,
            skuId: sku,
            type: 'ADJUST',
            quantity: -9,
            reasonId: reason,
          }),
        ),
      ).toBe('INSUFFICIENT_INVENTORY');
      expect(await countOf(location, sku)).toMatchObject({ onHand: 3 });
    });

    it('commits units: committed goes up and available down, the COMMIT adjustment names an ACTIVE reservation', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 5 });
      const [row] = rows(await call(COMMIT, { locationId: location, skuId: sku, quantity: 3 }));
      expect(row).toMatchObject({ type: 'COMMIT', quantity: 3, reasonId: null });
      expect(row.reservationId).toEqual(expect.any(String));
      expect(await reservationStatus(row.reservationId as string)).toBe('ACTIVE');
      expect(await countOf(location, sku)).toMatchObject({ onHand: 5, committed: 3, available: 2 });
    });

    it('keeps a reservation for 900 seconds unless expiresInSeconds says otherwise', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 2 });
      const [byDefault] = rows(await call(COMMIT, { locationId: location, skuId: sku, quantity: 1 }));
      const [short] = rows(
        await call(COMMIT, { locationId: location, skuId: sku, quantity: 1, expiresInSeconds: 60 }),
      );
      const lifetime = async (id: string) => {
        const r = await catalog.dataSource.getRepository(InventoryReservationEntity).findOneByOrFail({ id });
        return (r.expiresAt.getTime() - r.createdAt.getTime()) / 1000;
      };
      expect(await lifetime(byDefault.reservationId as string)).toBe(900);
      expect(await lifetime(short.reservationId as string)).toBe(60);
    });

    it('adds one delayed expiry job per reservation, its id the reservation id, and drops it on release', async () => {
      const queue = createQueue(catalog.env.config('catalog-inventory-test'), CatalogInventoryQueue.name);
      try {
        const sku = await newSku();
        await call(STOCK, { locationId: location, skuId: sku, quantity: 1 });
        const [commit] = rows(
          await call(COMMIT, { locationId: location, skuId: sku, quantity: 1, expiresInSeconds: 120 }),
        );
        const reservationId = commit.reservationId as string;
        const job = await queue.getJob(reservationId);
        expect(job).toMatchObject({ name: 'reservation.expire', data: { storeId: store, reservationId } });
        expect(await job?.getState()).toBe('delayed');
        expect(job?.delay).toBeGreaterThan(110_000);
        expect(job?.delay).toBeLessThanOrEqual(120_000);
        rows(await call(RELEASE, { reservationId }));
        expect(await queue.getJob(reservationId)).toBeUndefined();
      } finally {
        await queue.close();
      }
    });

    it('refuses to commit more than is available with INSUFFICIENT_INVENTORY and changes nothing', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 2 });
      const body = await call(COMMIT, { locationId: location, skuId: sku, quantity: 3 });
      expect(codeOf(body)).toBe('INSUFFICIENT_INVENTORY');
      expect(body.data?.commitInventory).toBeNull();
      expect(await countOf(location, sku)).toMatchObject({ onHand: 2, committed: 0, available: 2 });
    });

    it('releases an active reservation: committed goes back down, one RELEASE adjustment, status RELEASED', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 4 });
      const [commit] = rows(await call(COMMIT, { locationId: location, skuId: sku, quantity: 3 }));
      const [release] = rows(await call(RELEASE, { reservationId: commit.reservationId }));
      expect(release).toMatchObject({ type: 'RELEASE', quantity: 3, reservationId: commit.reservationId });
      expect(await reservationStatus(commit.reservationId as string)).toBe('RELEASED');
      expect(await countOf(location, sku)).toMatchObject({ onHand: 4, committed: 0, available: 4 });
    });

    it('refuses to release a reservation twice with RESERVATION_NOT_ACTIVE, committed going down once', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 4 });
      const [commit] = rows(await call(COMMIT, { locationId: location, skuId: sku, quantity: 2 }));
      await call(COMMIT, { locationId: location, skuId: sku, quantity: 1 });
      rows(await call(RELEASE, { reservationId: commit.reservationId }));
      expect(codeOf(await call(RELEASE, { reservationId: commit.reservationId }))).toBe(
        'RESERVATION_NOT_ACTIVE',
      );
      expect(await countOf(location, sku)).toMatchObject({ onHand: 4, committed: 1, available: 3 });
    });

    it('answers RESERVATION_NOT_FOUND for a reservation that does not exist', async () => {
      expect(codeOf(await call(RELEASE, { reservationId: randomUUID() }))).toBe('RESERVATION_NOT_FOUND');
      expect(codeOf(await call(RELEASE, { reservationId: 'not-a-uuid' }))).toBe('RESERVATION_NOT_FOUND');
    });

    it('adjusts on hand by a signed delta with a reason, one ADJUST adjustment each', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 10 });
      const [down] = rows(
        await call(ADJUST, { locationId: location, skuId: sku, delta: -4, reasonId: reason }),
      );
      expect(down).toMatchObject({ type: 'ADJUST', quantity: -4, reasonId: reason, reservationId: null });
      rows(await call(ADJUST, { locationId: location, skuId: sku, delta: 1, reasonId: reason }));
      expect(await countOf(location, sku)).toMatchObject({ onHand: 7, committed: 0, available: 7 });
    });

    it('refuses an adjustment taking on hand below committed with INSUFFICIENT_INVENTORY', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 5 });
      await call(COMMIT, { locationId: location, skuId: sku, quantity: 3 });
      const body = await call(ADJUST, { locationId: location, skuId: sku, delta: -3, reasonId: reason });
      expect(codeOf(body)).toBe('INSUFFICIENT_INVENTORY');
      rows(await call(ADJUST, { locationId: location, skuId: sku, delta: -2, reasonId: reason }));
      expect(await countOf(location, sku)).toMatchObject({ onHand: 3, committed: 3, available: 0 });
    });
  });

  describe('locations allowing negative inventory', () => {
    it('commits beyond on hand (available below zero) and adjusts on hand below zero', async () => {
      const backorders = await newLocation(true);
      const sku = await newSku();
      await call(STOCK, { locationId: backorders, skuId: sku, quantity: 1 });
      rows(await call(COMMIT, { locationId: backorders, skuId: sku, quantity: 3 }));
      expect(await countOf(backorders, sku)).toMatchObject({ onHand: 1, committed: 3, available: -2 });
      rows(await call(ADJUST, { locationId: backorders, skuId: sku, delta: -2, reasonId: reason }));
      expect(await countOf(backorders, sku)).toMatchObject({ onHand: -1, committed: 3, available: -4 });
    });

    it('commits at a location without stock when the SKU was never stocked there', async () => {
      const backorders = await newLocation(true);
      const sku = await newSku();
      rows(await call(COMMIT, { locationId: backorders, skuId: sku, quantity: 2 }));
      expect(await countOf(backorders, sku)).toMatchObject({ onHand: 0, committed: 2, available: -2 });
    });
  });

  describe('validation', () => {
    it.each([
      ['stockInventory quantity 0', STOCK, { quantity: 0 }, 'quantity'],
      ['stockInventory quantity -1', STOCK, { quantity: -1 }, 'quantity'],
      ['commitInventory quantity 0', COMMIT, { quantity: 0 }, 'quantity'],
      ['commitInventory quantity -5', COMMIT, { quantity: -5 }, 'quantity'],
      [
        'commitInventory expiresInSeconds 0',
        COMMIT,
        { quantity: 1, expiresInSeconds: 0 },
        'expiresInSeconds',
      ],
      [
        'commitInventory expiresInSeconds 86401',
        COMMIT,
        { quantity: 1, expiresInSeconds: 86_401 },
        'expiresInSeconds',
      ],
      ['stockInventory quantity above 1,000,000', STOCK, { quantity: 1_000_001 }, 'quantity'],
    ])('refuses %s with BAD_USER_INPUT (HTTP 200) naming the field', async (_name, query, fields, path) => {
      const body = await call(query, { locationId: location, skuId: randomUUID(), ...fields });
      expect(body.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [expect.objectContaining({ path, code: 'OUT_OF_RANGE' })],
      });
    });

    it('refuses adjustInventory with delta 0 with BAD_USER_INPUT naming delta', async () => {
      const body = await call(ADJUST, {
        locationId: location,
        skuId: randomUUID(),
        delta: 0,
        reasonId: reason,
      });
      expect(body.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [expect.objectContaining({ path: 'delta' })],
      });
    });

    it.each([
      ['a variable', STOCK, { input: { locationId: 'x', skuId: 'y', quantity: 1.5 } }],
      [
        'a literal',
        'mutation { commitInventory(input: { locationId: "x", skuId: "y", quantity: 2.5 }) { id } }',
        undefined,
      ],
      [
        'an adjustInventory delta',
        ADJUST,
        { input: { locationId: 'x', skuId: 'y', delta: -0.5, reasonId: 'r' } },
      ],
    ])(
      'refuses a float quantity in %s with HTTP 400 GRAPHQL_VALIDATION_FAILED',
      async (_name, query, variables) => {
        const res = await catalog.post({ query, variables });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      },
    );

    it('answers SKU_NOT_FOUND for an unknown SKU and LOCATION_NOT_FOUND for an unknown location', async () => {
      const sku = await newSku();
      expect(codeOf(await call(STOCK, { locationId: location, skuId: randomUUID(), quantity: 1 }))).toBe(
        'SKU_NOT_FOUND',
      );
      expect(codeOf(await call(COMMIT, { locationId: location, skuId: 'not-a-uuid', quantity: 1 }))).toBe(
        'SKU_NOT_FOUND',
      );
      expect(codeOf(await call(STOCK, { locationId: randomUUID(), skuId: sku, quantity: 1 }))).toBe(
        'LOCATION_NOT_FOUND',
      );
      expect(
        codeOf(await call(ADJUST, { locationId: randomUUID(), skuId: sku, delta: 1, reasonId: reason })),
      ).toBe('LOCATION_NOT_FOUND');
      expect(await countOf(location, sku)).toBeNull();
    });

    it('refuses new stock and reservations on an archived SKU or location (SKU_ARCHIVED, LOCATION_ARCHIVED); a reservation made before still releases', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 2 });
      const [commit] = rows(await call(COMMIT, { locationId: location, skuId: sku, quantity: 1 }));
      await catalog.gql(`mutation { archiveSku(id: "${sku}") { id } }`, undefined, { store });
      expect(codeOf(await call(STOCK, { locationId: location, skuId: sku, quantity: 1 }))).toBe(
        'SKU_ARCHIVED',
      );
      expect(codeOf(await call(COMMIT, { locationId: location, skuId: sku, quantity: 1 }))).toBe(
        'SKU_ARCHIVED',
      );
      expect(codeOf(await call(RELEASE, { reservationId: commit.reservationId }))).toBeUndefined();
      const closed = await create('createLocation', 'MutationCreateLocationInput', { name: 'closed' });
      await catalog.gql(`mutation { archiveLocation(id: "${closed}") { id } }`, undefined, { store });
      const other = await newSku();
      expect(codeOf(await call(STOCK, { locationId: closed, skuId: other, quantity: 1 }))).toBe(
        'LOCATION_ARCHIVED',
      );
      expect(await countOf(location, sku)).toMatchObject({ onHand: 2, committed: 0 });
    });

    it('answers INVENTORY_ADJUSTMENT_REASON_NOT_FOUND for an unknown reason, or a record of another kind', async () => {
      const sku = await newSku();
      for (const reasonId of [randomUUID(), sku]) {
        expect(codeOf(await call(ADJUST, { locationId: location, skuId: sku, delta: 1, reasonId }))).toBe(
          'INVENTORY_ADJUSTMENT_REASON_NOT_FOUND',
        );
      }
      expect(
        codeOf(await call(STOCK, { locationId: location, skuId: sku, quantity: 1, reasonId: sku })),
      ).toBe('INVENTORY_ADJUSTMENT_REASON_NOT_FOUND');
    });
  });

  describe('stores and scopes', () => {
    it("never shows or changes another store's inventory", async () => {
      const sku = await newSku();
      const [stocked] = rows(await call(STOCK, { locationId: location, skuId: sku, quantity: 3 }));
      const [commit] = rows(await call(COMMIT, { locationId: location, skuId: sku, quantity: 1 }));
      const other = catalog.store(cred);

      expect(await countOf(location, sku, other)).toBeNull();
      expect(codeOf(await call(STOCK, { locationId: location, skuId: sku, quantity: 1 }, other))).toBe(
        'LOCATION_NOT_FOUND',
      );
      expect(codeOf(await call(RELEASE, { reservationId: commit.reservationId }, other))).toBe(
        'RESERVATION_NOT_FOUND',
      );
      const one = await catalog.gql(
        `{ inventoryAdjustment(id: "${stocked.id}") { id } }`,
        {},
        { store: other },
      );
      expect(codeOf(one)).toBe('INVENTORY_ADJUSTMENT_NOT_FOUND');
      const lists = dataOf<{
        inventoryAdjustments: Connection<Adjustment>;
        inventoryCounts: Connection<TypeCount>;
      }>(
        await catalog.gql(
          `{ inventoryAdjustments(first: 100) { totalCount } inventoryCounts(first: 100) { totalCount } }`,
          {},
          { store: other },
        ),
      );
      expect(lists.inventoryAdjustments.totalCount).toBe(0);
      expect(lists.inventoryCounts.totalCount).toBe(0);
      expect(await countOf(location, sku)).toMatchObject({ onHand: 3, committed: 1 });
    });

    it('answers FORBIDDEN to every inventory mutation for a read-only token, queries still answer', async () => {
      const reader = await catalog.credential(['commerce.product:read'], [store]);
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 2 });
      const [commit] = rows(await call(COMMIT, { locationId: location, skuId: sku, quantity: 1 }));
      const attempts: [string, Record<string, unknown>][] = [
        [STOCK, { locationId: location, skuId: sku, quantity: 1 }],
        [COMMIT, { locationId: location, skuId: sku, quantity: 1 }],
        [RELEASE, { reservationId: commit.reservationId }],
        [ADJUST, { locationId: location, skuId: sku, delta: 1, reasonId: reason }],
      ];
      for (const [query, input] of attempts) {
        expect(codeOf(await catalog.gql(query, { input }, { cred: reader }))).toBe('FORBIDDEN');
      }
      const read = await catalog.gql(COUNT_QUERY, { locationId: location, skuId: sku }, { cred: reader });
      expect(levelsOf(dataOf<{ inventoryCount: TypeCount[] }>(read).inventoryCount)).toMatchObject({
        onHand: 2,
        committed: 1,
      });
    });

    it('answers FORBIDDEN to inventory queries for a token without commerce.product:read', async () => {
      const writer = await catalog.credential(['commerce.product:write'], [store]);
      for (const query of [
        `{ inventoryCount(locationId: "${location}", skuId: "${randomUUID()}") { quantity } }`,
        '{ inventoryCounts(first: 1) { totalCount } }',
        `{ inventoryAdjustment(id: "${randomUUID()}") { id } }`,
        '{ inventoryAdjustments(first: 1) { totalCount } }',
      ]) {
        expect(codeOf(await catalog.gql(query, {}, { cred: writer }))).toBe('FORBIDDEN');
      }
    });
  });

  describe('lists', () => {
    const ADJUSTMENTS = `query($first: Int, $after: String, $last: Int, $before: String, $skuId: String, $locationId: String, $type: InventoryAdjustmentType, $orderBy: InventoryAdjustmentOrderBy, $id: InventoryAdjustmentIdsFilter, $createdAt: CreatedAtFilter) {
      inventoryAdjustments(first: $first, after: $after, last: $last, before: $before, skuId: { eq: $skuId }, locationId: { eq: $locationId }, type: { eq: $type }, orderBy: $orderBy, id: $id, createdAt: $createdAt) {
        edges { cursor node { ${ADJUSTMENT} } } nodes { id } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } }`;
    const COUNTS = `query($first: Int, $after: String, $last: Int, $before: String, $skuId: String, $locationId: String, $type: InventoryCountTypeFilter, $id: InventoryCountIdsFilter, $orderBy: InventoryCountOrderBy, $updatedAt: UpdatedAtFilter) {
      inventoryCounts(first: $first, after: $after, last: $last, before: $before, skuId: { eq: $skuId }, locationId: { eq: $locationId }, type: $type, id: $id, orderBy: $orderBy, updatedAt: $updatedAt) {
        nodes { ${COUNT} } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } totalCount } }`;
    const countsPage = async (variables: Record<string, unknown>) =>
      dataOf<{ inventoryCounts: Connection<TypeCount> }>(await catalog.gql(COUNTS, variables))
        .inventoryCounts;
    const adjustmentsPage = async (variables: Record<string, unknown>) =>
      dataOf<{ inventoryAdjustments: Connection<Adjustment> }>(await catalog.gql(ADJUSTMENTS, variables))
        .inventoryAdjustments;

    it("pages a SKU's adjustments forward to the end, oldest first, then backward from the end", async () => {
      const sku = await newSku();
      const written: string[] = [];
      for (let i = 1; i <= 7; i++) {
        written.push(rows(await call(STOCK, { locationId: location, skuId: sku, quantity: i }))[0].id);
      }
      const seen: Adjustment[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 10; pages++) {
        const page = await adjustmentsPage({ first: 3, after, skuId: sku });
        seen.push(...page.edges.map((e) => e.node));
        expect(page.totalCount).toBe(7);
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(seen.map((a) => a.quantity)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(new Set(seen.map((a) => a.id))).toEqual(new Set(written));

      const last = await adjustmentsPage({ last: 3, skuId: sku });
      expect(last.nodes.map((n) => n.id)).toEqual(seen.slice(4).map((a) => a.id));
      const before = await adjustmentsPage({ last: 3, before: last.pageInfo.startCursor, skuId: sku });
      expect(before.nodes.map((n) => n.id)).toEqual(seen.slice(1, 4).map((a) => a.id));
    });

    it('filters adjustments by type and location, and reads one by id', async () => {
      const sku = await newSku();
      const elsewhere = await newLocation();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 5 });
      await call(STOCK, { locationId: elsewhere, skuId: sku, quantity: 5 });
      const [commit] = rows(await call(COMMIT, { locationId: location, skuId: sku, quantity: 2 }));
      const commits = await adjustmentsPage({ first: 10, skuId: sku, type: 'COMMIT' });
      expect(commits.nodes.map((n) => n.id)).toEqual([commit.id]);
      const atElsewhere = await adjustmentsPage({ first: 10, skuId: sku, locationId: elsewhere });
      expect(atElsewhere.edges.map((e) => e.node)).toEqual([
        expect.objectContaining({ type: 'STOCK', locationId: elsewhere }),
      ]);
      const one = await catalog.gql(`{ inventoryAdjustment(id: "${commit.id}") { ${ADJUSTMENT} } }`);
      expect(dataOf<{ inventoryAdjustment: Adjustment }>(one).inventoryAdjustment).toEqual(commit);

      // The public graph's arguments: orderBy, id, createdAt, type.in, paginationType, referenceValue.
      const all = await adjustmentsPage({ first: 10, skuId: sku });
      expect(all.totalCount).toBe(3);
      const newest = await adjustmentsPage({ first: 10, skuId: sku, orderBy: { createdAt: 'DESC' } });
      expect(newest.nodes.map((n) => n.id)).toEqual([...all.nodes].reverse().map((n) => n.id));
      const byId = await adjustmentsPage({ first: 10, skuId: sku, orderBy: { id: 'ASC' } });
      expect(byId.nodes.map((n) => n.id)).toEqual(all.nodes.map((n) => n.id).sort());
      const picked = await adjustmentsPage({ first: 10, id: { in: [commit.id, 'nope'] } });
      expect(picked.nodes.map((n) => n.id)).toEqual([commit.id]);
      const future = { gt: new Date(Date.now() + 60_000).toISOString() };
      expect((await adjustmentsPage({ first: 10, skuId: sku, createdAt: future })).totalCount).toBe(0);
      const typed = await catalog.gql(
        `query($s: SKUIdFilter) { c: inventoryAdjustments(first: 10, skuId: $s, type: { in: [STOCK] }) { totalCount } x: inventoryAdjustments(first: 10, skuId: $s, referenceValue: { eq: "r" }) { totalCount } }`,
        { s: { eq: sku } },
      );
      expect(dataOf(typed)).toEqual({ c: { totalCount: 2 }, x: { totalCount: 0 } });
      const refused = await catalog.gql(
        `{ a: inventoryAdjustments(first: 1, paginationType: OFFSET) { totalCount } }`,
      );
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    });

    it('pages counts (one per type, SKU and location) oldest first to the end, filtered by SKU', async () => {
      const sku = await newSku();
      const locations = [location, await newLocation(), await newLocation()];
      for (const l of locations) await call(STOCK, { locationId: l, skuId: sku, quantity: 1 });
      const seen: TypeCount[] = [];
      let after: string | null = null;
      for (let pages = 0; pages < 10; pages++) {
        const page: Connection<TypeCount> = await countsPage({ first: 2, after, skuId: sku });
        expect(page.totalCount).toBe(9);
        seen.push(...page.nodes);
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(seen).toHaveLength(9);
      expect(new Set(seen.map((c) => c.id)).size).toBe(9);
      // Oldest first: the counts of the first location stocked come first, the id breaks ties.
      expect(seen.map((c) => c.locationId)).toEqual(locations.flatMap((l) => [l, l, l]));
      expect(seen.every((c) => c.skuId === sku)).toBe(true);
      expect(seen.map((c) => `${c.type}=${c.quantity}`).sort()).toEqual(
        locations.flatMap(() => ['AVAILABLE=1', 'COMMITTED=0', 'ON_HAND=1']).sort(),
      );
      const last = await countsPage({ last: 4, skuId: sku });
      expect(last.nodes.map((n) => n.id)).toEqual(seen.slice(5).map((c) => c.id));
      const before = await countsPage({ last: 4, before: last.pageInfo.startCursor, skuId: sku });
      expect(before.nodes.map((n) => n.id)).toEqual(seen.slice(1, 5).map((c) => c.id));
    });

    it('gives each type of a count a stable id: changes keep it, only the changed quantities move', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 5 });
      const read = async (type?: string) =>
        dataOf<{ inventoryCount: TypeCount[] }>(
          await catalog.gql(
            `query($l: String!, $s: String!, $t: String) { inventoryCount(locationId: $l, skuId: $s, type: $t) { ${COUNT} } }`,
            { l: location, s: sku, t: type },
          ),
        ).inventoryCount;
      const before = await read();
      expect(before.map((c) => [c.type, c.quantity])).toEqual([
        ['AVAILABLE', 5],
        ['COMMITTED', 0],
        ['ON_HAND', 5],
      ]);
      await call(COMMIT, { locationId: location, skuId: sku, quantity: 2 });
      const after = await read();
      expect(after.map((c) => c.id)).toEqual(before.map((c) => c.id));
      expect(after.map((c) => [c.type, c.quantity])).toEqual([
        ['AVAILABLE', 3],
        ['COMMITTED', 2],
        ['ON_HAND', 5],
      ]);
      // ON_HAND did not change: its updatedAt stays; the two that changed moved.
      expect(after[2].updatedAt).toBe(before[2].updatedAt);
      expect(after[1].updatedAt >= before[1].updatedAt).toBe(true);
      expect(after.every((c, i) => c.createdAt === before[i].createdAt)).toBe(true);
      expect(await read('COMMITTED')).toEqual([after[1]]);
      const bad = await catalog.gql(
        `{ inventoryCount(locationId: "${location}", skuId: "${sku}", type: "ONHAND") { id } }`,
      );
      expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    });

    it('filters counts by type, id, location and updatedAt, orders by id, and resolves the SKU', async () => {
      const sku = await newSku();
      const elsewhere = await newLocation();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 4 });
      await call(STOCK, { locationId: elsewhere, skuId: sku, quantity: 2 });
      const onHand = await countsPage({ first: 10, skuId: sku, type: { eq: 'ON_HAND' } });
      expect(onHand.nodes.map((n) => [n.locationId, n.quantity])).toEqual([
        [location, 4],
        [elsewhere, 2],
      ]);
      const two = await countsPage({ first: 10, skuId: sku, type: { in: ['AVAILABLE', 'COMMITTED'] } });
      expect(two.totalCount).toBe(4);
      const byId = await countsPage({ first: 10, id: { in: [onHand.nodes[1].id, 'nope'] } });
      expect(byId.nodes).toEqual([onHand.nodes[1]]);
      const there = await countsPage({ first: 10, skuId: sku, locationId: elsewhere });
      expect(there.nodes.map((n) => n.type).sort()).toEqual(['AVAILABLE', 'COMMITTED', 'ON_HAND']);
      const sorted = await countsPage({ first: 10, skuId: sku, orderBy: { id: 'DESC' } });
      expect(sorted.nodes.map((n) => n.id)).toEqual(
        sorted.nodes
          .map((n) => n.id)
          .sort()
          .reverse(),
      );
      const future = { gt: new Date(Date.now() + 60_000).toISOString() };
      expect((await countsPage({ first: 10, skuId: sku, updatedAt: future })).totalCount).toBe(0);
      const withSku = await catalog.gql(
        `{ inventoryCount(locationId: "${location}", skuId: "${sku}", type: "ON_HAND") { sku { id } SKU { id } } }`,
      );
      expect(dataOf(withSku)).toEqual({ inventoryCount: [{ sku: { id: sku }, SKU: { id: sku } }] });
      const refused = await catalog.gql(COUNTS, { first: 1, type: { eq: 'SOLD' } });
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    });

    it('refuses a cursor of another list with BAD_USER_INPUT INVALID_CURSOR', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 1 });
      const { pageInfo } = await adjustmentsPage({ first: 1, skuId: sku });
      const body = await catalog.gql(COUNTS, { first: 1, after: pageInfo.endCursor });
      expect(body.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [expect.objectContaining({ path: 'after', code: 'INVALID_CURSOR' })],
      });
    });
  });

  describe('concurrency', () => {
    it('lets exactly one of 20 parallel commits take the last unit; the others get INSUFFICIENT_INVENTORY', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 1 });
      const bodies = await Promise.all(
        Array.from({ length: 20 }, () => call(COMMIT, { locationId: location, skuId: sku, quantity: 1 })),
      );
      const codes = bodies.map((b) => codeOf(b) ?? 'OK');
      expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
      expect(codes.filter((c) => c === 'INSUFFICIENT_INVENTORY')).toHaveLength(19);
      expect(await countOf(location, sku)).toMatchObject({ onHand: 1, committed: 1, available: 0 });
      const commits = await catalog.dataSource
        .getRepository(InventoryAdjustmentEntity)
        .countBy({ skuId: sku, type: 'COMMIT' });
      const reservations = await catalog.dataSource
        .getRepository(InventoryReservationEntity)
        .countBy({ skuId: sku });
      expect([commits, reservations]).toEqual([1, 1]);
    });
  });

  describe('expiry by the worker', () => {
    beforeAll(async () => {
      worker = await startCatalogWorker(catalog, CatalogInventoryProcessor);
    });

    it('expires a reservation nobody released: EXPIRED, committed back down once, one RELEASE adjustment', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 3 });
      const [commit] = rows(
        await call(COMMIT, { locationId: location, skuId: sku, quantity: 2, expiresInSeconds: 1 }),
      );
      expect(await countOf(location, sku)).toMatchObject({ committed: 2, available: 1 });
      const reservationId = commit.reservationId as string;

      await waitFor(async () => (await reservationStatus(reservationId)) === 'EXPIRED', {
        what: 'the reservation to expire',
      });
      expect(await countOf(location, sku)).toMatchObject({ onHand: 3, committed: 0, available: 3 });
      const releases = await catalog.dataSource
        .getRepository(InventoryAdjustmentEntity)
        .findBy({ reservationId, type: 'RELEASE' });
      expect(releases).toEqual([expect.objectContaining({ quantity: 2, skuId: sku })]);
      expect(codeOf(await call(RELEASE, { reservationId }))).toBe('RESERVATION_NOT_ACTIVE');
    });

    it('expires each reservation once however often its expiry runs', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 3 });
      const [commit] = rows(
        await call(COMMIT, { locationId: location, skuId: sku, quantity: 1, expiresInSeconds: 1 }),
      );
      const reservationId = commit.reservationId as string;
      await waitFor(async () => (await reservationStatus(reservationId)) === 'EXPIRED', {
        what: 'the reservation to expire',
      });
      const expiry = worker.app.get(InventoryExpiryService);
      expect(await expiry.expire(store, reservationId)).toBe(false);
      expect(await expiry.sweep()).toBe(0);
      expect(await countOf(location, sku)).toMatchObject({ onHand: 3, committed: 0 });
    });

    it('leaves a released reservation alone when its expiry comes', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 3 });
      const [commit] = rows(
        await call(COMMIT, { locationId: location, skuId: sku, quantity: 2, expiresInSeconds: 1 }),
      );
      await call(COMMIT, { locationId: location, skuId: sku, quantity: 1, expiresInSeconds: 3600 });
      rows(await call(RELEASE, { reservationId: commit.reservationId }));
      const expiry = worker.app.get(InventoryExpiryService);
      expect(await expiry.expire(store, commit.reservationId as string, new Date(Date.now() + 2000))).toBe(
        false,
      );
      expect(await reservationStatus(commit.reservationId as string)).toBe('RELEASED');
      expect(await countOf(location, sku)).toMatchObject({ committed: 1, available: 2 });
    });

    it('sweeps an overdue ACTIVE reservation whose job was lost', async () => {
      const sku = await newSku();
      await call(STOCK, { locationId: location, skuId: sku, quantity: 2 });
      const [commit] = rows(await call(COMMIT, { locationId: location, skuId: sku, quantity: 2 }));
      const reservationId = commit.reservationId as string;
      const expiry = worker.app.get(InventoryExpiryService);
      // 900 s from now: neither its job nor a sweep may expire it before that.
      expect(await expiry.sweep()).toBe(0);
      expect(await reservationStatus(reservationId)).toBe('ACTIVE');
      expect(await expiry.sweep(new Date(Date.now() + 901_000))).toBeGreaterThanOrEqual(1);
      expect(await reservationStatus(reservationId)).toBe('EXPIRED');
      expect(await countOf(location, sku)).toMatchObject({ committed: 0, available: 2 });
    });
  });
});
