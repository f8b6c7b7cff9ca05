import { randomUUID } from 'node:crypto';
import { INTERNAL_CREDENTIAL_HEADER } from '@platform/crypto';
import type { StoreProduct, StoreReservation } from '@platform/contracts';
import { CatalogTestApp, dataOf, startCatalogTestApp } from './support/catalog-test-app';
import { mutate, postInternal } from './support/shopping-catalog';

// POST /internal/v1/stores/{storeId}/shopping-reservations (and …/{reference}/release): the
// Shopping API's all-or-nothing reservations through the inventory's commit and release.

describe('catalog: shopping reservations for the Shopping API', () => {
  let t: CatalogTestApp;
  let store: string;
  let shelf: string;
  let backroom: string;

  const reserve = (body: unknown, headers: Record<string, string> = {}) =>
    postInternal(t, `/internal/v1/stores/${store}/shopping-reservations`, body, headers);
  const release = (reference: string, headers: Record<string, string> = {}) =>
    postInternal(
      t,
      `/internal/v1/stores/${store}/shopping-reservations/${encodeURIComponent(reference)}/release`,
      undefined,
      headers,
    );
  const sku = (name: string, extra: Record<string, unknown> = {}) =>
    mutate(t, 'createSku', 'CreateSKUInput', { name, code: `${name}-${randomUUID().slice(0, 8)}`, ...extra });
  const stock = (skuId: string, quantity: number, locationId = shelf) =>
    mutate(t, 'stockInventory', 'MutationStockInventoryInput', { locationId, skuId, quantity });
  async function levels(skuId: string, locationId = shelf): Promise<Record<string, number>> {
    const body = await t.gql(
      'query($l: String!, $s: String!) { inventoryCount(locationId: $l, skuId: $s) { type quantity } }',
      { l: locationId, s: skuId },
    );
    const counts = dataOf<{ inventoryCount: { type: string; quantity: number }[] }>(body).inventoryCount;
    return Object.fromEntries(counts.map((c) => [c.type, c.quantity]));
  }
  const reservationStatuses = async (ids: readonly string[]) =>
    (
      (await t.dataSource.query(
        `SELECT status FROM "catalog"."inventory_reservations" WHERE id = ANY($1::uuid[]) ORDER BY status`,
        [ids],
      )) as { status: string }[]
    ).map((r) => r.status);

  beforeAll(async () => {
    t = await startCatalogTestApp('catalog-shopping-reservations');
    store = t.defaults.store;
    shelf = await mutate(t, 'createLocation', 'MutationCreateLocationInput', { name: 'Shelf' });
    backroom = await mutate(t, 'createLocation', 'MutationCreateLocationInput', { name: 'Backroom' });
  });
  afterAll(async () => t?.close());

  it('reserves tracked lines through the inventory (one reservation each) and leaves untracked SKUs alone', async () => {
    const tracked = await sku('tracked');
    const untracked = await sku('untracked');
    await stock(tracked, 3);
    const response = await reserve({
      reference: 'order-1',
      lines: [
        { skuId: tracked, quantity: 2 },
        { skuId: untracked, quantity: 50 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const reservation = response.json() as StoreReservation;
    expect(reservation.reference).toBe('order-1');
    expect(reservation.reservationIds).toHaveLength(1);
    expect(await levels(tracked)).toEqual({ ON_HAND: 3, COMMITTED: 2, AVAILABLE: 1 });
    expect(await reservationStatuses(reservation.reservationIds)).toEqual(['ACTIVE']);
  });

  it('answers a replay of the reference with the same reservation and reserves nothing more', async () => {
    const s = await sku('replayed');
    await stock(s, 5);
    const body = { reference: 'order-replay', lines: [{ skuId: s, quantity: 2 }], ttlSeconds: 600 };
    const first = (await reserve(body)).json() as StoreReservation;
    const again = await reserve(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect(await levels(s)).toMatchObject({ COMMITTED: 2 });
  });

  it('refuses other lines under a reference already used (409 RESERVATION_REFERENCE_REUSED)', async () => {
    const s = await sku('reused');
    await stock(s, 5);
    expect(
      (await reserve({ reference: 'order-reused', lines: [{ skuId: s, quantity: 1 }] })).statusCode,
    ).toBe(200);
    const response = await reserve({ reference: 'order-reused', lines: [{ skuId: s, quantity: 2 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ name: 'RESERVATION_REFERENCE_REUSED' });
  });

  it('reserves every line or none: one short line is 409 OUT_OF_STOCK naming it, and nothing stays reserved', async () => {
    const plenty = await sku('plenty');
    const scarce = await sku('scarce');
    await stock(plenty, 10);
    await stock(scarce, 1);
    const response = await reserve({
      reference: 'order-short',
      lines: [
        { skuId: plenty, quantity: 4 },
        { skuId: scarce, quantity: 2 },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'OUT_OF_STOCK', skuIds: [scarce] });
    expect(await levels(plenty)).toEqual({ ON_HAND: 10, COMMITTED: 0, AVAILABLE: 10 });
    expect(await levels(scarce)).toEqual({ ON_HAND: 1, COMMITTED: 0, AVAILABLE: 1 });
    // The reference was not used: the same reference with lines that fit reserves.
    const retry = await reserve({ reference: 'order-short', lines: [{ skuId: plenty, quantity: 4 }] });
    expect(retry.statusCode).toBe(200);
  });

  it('counts a SKU that is unknown, DRAFT or ARCHIVED as out of stock', async () => {
    const draft = await sku('draft', { status: 'DRAFT' });
    const archived = await sku('archived');
    dataOf(await t.gql('mutation($id: String!) { archiveSku(id: $id) { id } }', { id: archived }));
    const unknown = randomUUID();
    const response = await reserve({
      reference: 'order-unsellable',
      lines: [draft, archived, unknown].map((skuId) => ({ skuId, quantity: 1 })),
    });
    expect(response.statusCode).toBe(409);
    expect((response.json() as { skuIds: string[] }).skuIds.sort()).toEqual(
      [draft, archived, unknown].sort(),
    );
  });

  it('takes a line from several locations, most available first, and shows what is left as available', async () => {
    const s = await sku('split');
    await stock(s, 2, shelf);
    await stock(s, 3, backroom);
    const group = await mutate(t, 'createSkuGroup', 'MutationCreateSkuGroupInput', { name: 'Split group' });
    await mutate(t, 'addSkusToSkuGroup', 'MutationAddSkusToSkuGroupInput', { skuIds: [s] }, { id: group });
    const response = await reserve({ reference: 'order-split', lines: [{ skuId: s, quantity: 4 }] });
    expect(response.statusCode).toBe(200);
    expect((response.json() as StoreReservation).reservationIds).toHaveLength(2);
    expect(await levels(s, backroom)).toMatchObject({ COMMITTED: 3 });
    expect(await levels(s, shelf)).toMatchObject({ COMMITTED: 1 });
    const looked = await postInternal(t, `/internal/v1/stores/${store}/shopping-products/lookup`, {
      ids: [s],
    });
    expect((looked.json() as { products: StoreProduct[] }).products[0].variants[0].available).toBe(1);
  });

  it('releases by reference: the units come back, a second release answers the same, a later reserve is refused', async () => {
    const s = await sku('released');
    await stock(s, 2);
    const reserved = (
      await reserve({ reference: 'order-release', lines: [{ skuId: s, quantity: 2 }] })
    ).json() as StoreReservation;
    const first = await release('order-release');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(reserved);
    expect(await levels(s)).toEqual({ ON_HAND: 2, COMMITTED: 0, AVAILABLE: 2 });
    expect(await reservationStatuses(reserved.reservationIds)).toEqual(['RELEASED']);
    const second = await release('order-release');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(reserved);
    expect(await levels(s)).toMatchObject({ COMMITTED: 0 });
    const again = await reserve({ reference: 'order-release', lines: [{ skuId: s, quantity: 2 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ name: 'RESERVATION_RELEASED' });
  });

  it('releases an unknown reference as nothing, and a reserve of it arriving late holds nothing', async () => {
    const s = await sku('late');
    await stock(s, 1);
    const response = await release('order-never');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ reference: 'order-never', reservationIds: [] });
    expect((await reserve({ reference: 'order-never', lines: [{ skuId: s, quantity: 1 }] })).statusCode).toBe(
      409,
    );
    expect(await levels(s)).toMatchObject({ COMMITTED: 0 });
  });

  it('lets exactly one of concurrent reservations take the last unit', async () => {
    const s = await sku('last-unit');
    await stock(s, 1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        reserve({ reference: `race-${i}`, lines: [{ skuId: s, quantity: 1 }] }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await levels(s)).toEqual({ ON_HAND: 1, COMMITTED: 1, AVAILABLE: 0 });
  });

  it('answers concurrent replays of one reference with one reservation', async () => {
    const s = await sku('same-ref');
    await stock(s, 10);
    const body = { reference: 'order-same', lines: [{ skuId: s, quantity: 3 }] };
    const answers = await Promise.all(Array.from({ length: 5 }, () => reserve(body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await levels(s)).toMatchObject({ COMMITTED: 3 });
  });

  it.each([
    ['no lines', { reference: 'r', lines: [] }],
    [
      '101 lines',
      { reference: 'r', lines: Array.from({ length: 101 }, () => ({ skuId: randomUUID(), quantity: 1 })) },
    ],
    ['quantity 0', { reference: 'r', lines: [{ skuId: randomUUID(), quantity: 0 }] }],
    ['a skuId that is not a uuid', { reference: 'r', lines: [{ skuId: 'sku-1', quantity: 1 }] }],
    ['a line that is not an object', { reference: 'r', lines: [1] }],
    ['ttlSeconds 0', { reference: 'r', lines: [{ skuId: randomUUID(), quantity: 1 }], ttlSeconds: 0 }],
    [
      'ttlSeconds over a day',
      { reference: 'r', lines: [{ skuId: randomUUID(), quantity: 1 }], ttlSeconds: 86_401 },
    ],
    ['no reference', { lines: [{ skuId: randomUUID(), quantity: 1 }] }],
    [
      'a reference of 129 characters',
      { reference: 'r'.repeat(129), lines: [{ skuId: randomUUID(), quantity: 1 }] },
    ],
  ])('refuses a reservation with %s (400)', async (_what, body) => {
    expect((await reserve(body)).statusCode).toBe(400);
  });

  it('refuses calls without the internal credential (401)', async () => {
    const none = { [INTERNAL_CREDENTIAL_HEADER]: '' };
    expect(
      (await reserve({ reference: 'r', lines: [{ skuId: randomUUID(), quantity: 1 }] }, none)).statusCode,
    ).toBe(401);
    expect((await release('r', none)).statusCode).toBe(401);
  });
});
