import { createHash, randomUUID } from 'node:crypto';
import { IncomingMessage, Server, ServerResponse, createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import type {
  StoreOrderProblem,
  StoreOrderQuote,
  StoreOrderQuoteLine,
  StoreOrderQuoteRequest,
  StorePaidOrder,
  StorePaidOrderRequest,
  StoreProduct,
  StoreReservation,
  StoreReservationRequest,
} from '@platform/contracts';
import { INTERNAL_CREDENTIAL_HEADER } from '@platform/crypto';
import type { VendorDataSet } from '@platform/testing';

/** Which owner route a call was: the catalog subgraph's four, the order subgraph's two. */
export type FakeStoreOperation = 'search' | 'lookup' | 'reserve' | 'release' | 'quote' | 'paid-order';

export interface FakeStoreCall {
  readonly operation: FakeStoreOperation;
  readonly storeId: string;
  readonly body: unknown;
  readonly status: number;
  readonly answer: unknown;
}

/** One flower-shop product as the fake sells it: a SKU group with one SKU. */
export interface FakeStoreItem {
  /** The flower shop's id (`gardenias`): the group's handle and the SKU's code. */
  readonly key: string;
  readonly groupId: string;
  readonly skuId: string;
  readonly title: string;
  price: number;
  readonly imageUrl: string;
  /** Units on hand (inventory.csv); reservations take from it. */
  onHand: number;
  status: 'ACTIVE' | 'ARCHIVED';
}

export interface FakeDiscount {
  readonly code: string;
  readonly type: 'percentage' | 'fixed_amount';
  readonly value: number;
  readonly description: string;
}

export interface FakeReservation {
  readonly reference: string;
  readonly storeId: string;
  readonly lines: readonly { readonly skuId: string; readonly quantity: number }[];
  readonly reservationIds: readonly string[];
  released: boolean;
}

export interface FakeStoreOptions {
  /** Flat tax rate by country (ISO 3166-1 alpha-2) → fraction; other countries pay none. */
  readonly taxRates?: Record<string, number>;
}

/**
 * A loopback stand-in for the owners' internal routes the Shopping API calls for a store (an app
 * cannot import another app): the catalog subgraph's
 * `POST /internal/v1/stores/{storeId}/shopping-products/search|lookup`,
 * `POST …/shopping-reservations` and `POST …/shopping-reservations/{reference}/release`, and the
 * order subgraph's `POST …/order-quotes` and `POST …/paid-orders`, with their request and answer
 * shapes and statuses (libs/contracts shopping-owners.ts; the real controllers in
 * apps/catalog-subgraph/src/modules/shopping-products and apps/order-subgraph/src/modules/store-orders).
 * Checks the internal credential like the real ones (401 without it).
 *
 * Seeded by `seedFlowerShop` from the UCP conformance flower shop (`products.csv`,
 * `inventory.csv`, `discounts.csv` of the vendor set `ucp`, read at test time): each product a SKU
 * group with one SKU, ids derived from the store and the shop's id. Quotes price as a storefront
 * cart: unit × quantity, a flat tax rate by the address's country on each line's subtotal, the codes
 * taken off the order in turn and spread over the lines; every call is recorded.
 */
export interface FakeStore {
  readonly url: string;
  /** The store that sells the flower shop (a uuid). */
  readonly storeId: string;
  readonly calls: FakeStoreCall[];
  readonly items: FakeStoreItem[];
  readonly discounts: FakeDiscount[];
  readonly reservations: Map<string, FakeReservation>;
  /** Every order placed (created once per reference). */
  readonly orders: (StorePaidOrder & {
    readonly reference: string;
    readonly request: StorePaidOrderRequest;
  })[];
  /** Fills the store from the flower shop of the `ucp` vendor set. */
  seedFlowerShop(set: VendorDataSet): void;
  item(key: string): FakeStoreItem;
  /** Units that can still be reserved. */
  available(item: FakeStoreItem): number;
  /** The calls of one operation. */
  callsOf(operation: FakeStoreOperation): FakeStoreCall[];
  /** Forces a status on every route (503: the owner is down); undefined answers normally. */
  answerWith(status: number | undefined): void;
  /** Runs before each answer is sent (a suite's fault at a precise step); undefined for none. */
  beforeAnswer: ((call: FakeStoreCall) => void) | undefined;
  close(): Promise<void>;
}

/** A stable uuid (v4 layout) for a name. */
function uuidFor(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A small CSV reader for the flower shop's files (quoted fields with commas allowed). */
export function readCsv(text: string): Record<string, string>[] {
  const rows = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i];
        if (quoted) {
          if (c === '"' && line[i + 1] === '"') {
            cell += '"';
            i++;
          } else if (c === '"') quoted = false;
          else cell += c;
        } else if (c === '"') quoted = true;
        else if (c === ',') {
          cells.push(cell);
          cell = '';
        } else cell += c;
      }
      cells.push(cell);
      return cells;
    });
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
}

/** `amount` split over `weights` in proportion, by largest remainder (as the order subgraph's quote does). */
function allocate(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((amount * w) / sum));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, remainder: (amount * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : b.remainder - a.remainder));
  for (const { i } of order) {
    if (left === 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

const ROUTE =
  /^\/internal\/v1\/stores\/([^/]+)\/(shopping-products\/search|shopping-products\/lookup|shopping-reservations|shopping-reservations\/([^/]+)\/release|order-quotes|paid-orders)$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function startFakeStore(
  internalCredential: string,
  options: FakeStoreOptions = {},
): Promise<FakeStore> {
  const storeId = randomUUID();
  const taxRates = options.taxRates ?? { US: 0.08, DE: 0.19 };
  const items: FakeStoreItem[] = [];
  const discounts: FakeDiscount[] = [];
  const calls: FakeStoreCall[] = [];
  const reservations = new Map<string, FakeReservation>();
  const orders: FakeStore['orders'] = [];
  let forced: number | undefined;

  const reserved = (item: FakeStoreItem): number =>
    [...reservations.values()]
      .filter((r) => !r.released)
      .flatMap((r) => r.lines)
      .filter((l) => l.skuId === item.skuId)
      .reduce((sum, l) => sum + l.quantity, 0);
  const available = (item: FakeStoreItem): number => Math.max(0, item.onHand - reserved(item));

  const productOf = (item: FakeStoreItem): StoreProduct => ({
    id: item.groupId,
    handle: item.key,
    title: item.title,
    description: null,
    status: item.status,
    categories: [],
    mediaUrls: [item.imageUrl],
    variants: [
      {
        id: item.skuId,
        code: item.key,
        title: item.title,
        status: item.status,
        price: { value: item.price, currencyCode: 'USD' },
        compareAtPrice: null,
        available: available(item),
        options: [],
        mediaUrl: item.imageUrl,
      },
    ],
  });

  const sells = (id: string) => id === storeId;

  function search(id: string, body: Record<string, unknown>): [number, unknown] {
    const limit = Number(body.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return [400, { code: 'VALIDATION_FAILED' }];
    let from = 0;
    if (body.cursor !== undefined) {
      const m = /^fk1\|(\d+)$/.exec(Buffer.from(String(body.cursor), 'base64url').toString('utf8'));
      if (!m) return [400, { code: 'INVALID_CURSOR', message: 'cursor is not one this search returned' }];
      from = Number(m[1]);
    }
    const words = String(body.query ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean);
    const min = body.priceMin as number | undefined;
    const max = body.priceMax as number | undefined;
    const matching = (sells(id) ? items : [])
      .map((item, position) => ({ item, position }))
      .filter(({ item, position }) => {
        if (position < from || item.status !== 'ACTIVE') return false;
        if (min !== undefined && item.price < min) return false;
        if (max !== undefined && item.price > max) return false;
        const text = `${item.title} ${item.key}`.toLowerCase();
        return words.every((w) => text.includes(w));
      });
    const page = matching.slice(0, limit);
    const next = matching.length > limit ? page[page.length - 1].position + 1 : null;
    return [
      200,
      {
        products: page.map(({ item }) => productOf(item)),
        nextCursor: next === null ? null : Buffer.from(`fk1|${next}`, 'utf8').toString('base64url'),
      },
    ];
  }

  function lookup(id: string, body: { ids?: unknown }): [number, unknown] {
    if (!Array.isArray(body.ids) || body.ids.length < 1 || body.ids.length > 100)
      return [400, { code: 'VALIDATION_FAILED' }];
    const wanted = new Set(body.ids.map((x) => String(x).toLowerCase()).filter((x) => UUID.test(x)));
    const found = (sells(id) ? items : []).filter((i) => wanted.has(i.groupId) || wanted.has(i.skuId));
    return [200, { products: found.map(productOf) }];
  }

  function quote(id: string, request: StoreOrderQuoteRequest): StoreOrderQuote {
    const problems: StoreOrderProblem[] = [];
    const taken: { item: FakeStoreItem; quantity: number }[] = [];
    for (const line of request.lines) {
      const item = sells(id) ? items.find((i) => i.skuId === line.skuId.toLowerCase()) : undefined;
      if (!item) {
        problems.push({ code: 'SKU_NOT_FOUND', skuId: line.skuId, message: `no SKU ${line.skuId}` });
        continue;
      }
      if (item.status !== 'ACTIVE') {
        problems.push({
          code: 'SKU_NOT_PURCHASABLE',
          skuId: line.skuId,
          message: `SKU ${line.skuId} cannot be bought`,
        });
        continue;
      }
      taken.push({ item, quantity: line.quantity });
    }
    const rate = request.shippingAddress ? (taxRates[request.shippingAddress.countryCode] ?? 0) : 0;
    const subtotals = taken.map((t) => t.item.price * t.quantity);
    const taxes = subtotals.map((s) => Math.round(s * rate));
    const subtotal = subtotals.reduce((a, b) => a + b, 0);
    const applied: { code: string; title: string; amount: number }[] = [];
    let left = subtotal;
    for (const code of request.discountCodes) {
      const discount = discounts.find((d) => d.code.toLowerCase() === code.toLowerCase());
      if (!discount) {
        problems.push({
          code: 'DISCOUNT_CODE_NOT_FOUND',
          discountCode: code,
          message: `no discount code ${code}`,
        });
        continue;
      }
      const wanted =
        discount.type === 'percentage' ? Math.round((subtotal * discount.value) / 100) : discount.value;
      const amount = Math.min(wanted, left);
      left -= amount;
      applied.push({ code: discount.code, title: discount.description, amount });
    }
    const discountTotal = applied.reduce((a, d) => a + d.amount, 0);
    const shares = allocate(discountTotal, subtotals);
    const lines: StoreOrderQuoteLine[] = taken.map((t, i) => ({
      skuId: t.item.skuId,
      title: t.item.title,
      quantity: t.quantity,
      unitAmount: t.item.price,
      subtotal: subtotals[i],
      discount: shares[i],
      tax: taxes[i],
      total: subtotals[i] - shares[i] + taxes[i],
      imageUrl: t.item.imageUrl,
    }));
    const taxTotal = taxes.reduce((a, b) => a + b, 0);
    return {
      currencyCode: 'USD',
      lines,
      subtotal,
      discountTotal,
      taxTotal,
      shippingTotal: 0,
      total: subtotal - discountTotal + taxTotal,
      discounts: applied,
      problems,
    };
  }

  function reserve(id: string, request: StoreReservationRequest): [number, unknown] {
    const known = reservations.get(`${id}|${request.reference}`);
    const same = (a: FakeReservation['lines'], b: StoreReservationRequest['lines']) =>
      JSON.stringify(a) === JSON.stringify(b.map((l) => ({ skuId: l.skuId, quantity: l.quantity })));
    if (known) {
      if (known.released)
        return [
          409,
          { code: 'RESERVATION_RELEASED', message: `reservation ${request.reference} was released` },
        ];
      if (!same(known.lines, request.lines))
        return [409, { code: 'RESERVATION_REFERENCE_REUSED', message: 'made with other lines' }];
      return [200, { reference: known.reference, reservationIds: known.reservationIds }];
    }
    const short = request.lines
      .filter((l) => {
        const item = sells(id) ? items.find((i) => i.skuId === l.skuId.toLowerCase()) : undefined;
        return !item || available(item) < l.quantity;
      })
      .map((l) => l.skuId);
    if (short.length) return [409, { code: 'OUT_OF_STOCK', skuIds: short }];
    const made: FakeReservation = {
      reference: request.reference,
      storeId: id,
      lines: request.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })),
      reservationIds: request.lines.map(() => randomUUID()),
      released: false,
    };
    reservations.set(`${id}|${request.reference}`, made);
    return [
      200,
      { reference: made.reference, reservationIds: made.reservationIds } satisfies StoreReservation,
    ];
  }

  function release(id: string, reference: string): [number, unknown] {
    const known = reservations.get(`${id}|${reference}`);
    if (!known) {
      // Releasing first makes the reference unusable, as the real route does.
      reservations.set(`${id}|${reference}`, {
        reference,
        storeId: id,
        lines: [],
        reservationIds: [],
        released: true,
      });
      return [200, { reference, reservationIds: [] }];
    }
    known.released = true;
    return [200, { reference, reservationIds: known.reservationIds }];
  }

  function placePaid(id: string, request: StorePaidOrderRequest): [number, unknown] {
    const made = orders.find((o) => o.reference === request.reference);
    if (made) return [200, { orderId: made.orderId, number: made.number, quote: made.quote }];
    const priced = quote(id, request);
    if (priced.problems.length)
      return [
        422,
        {
          code: 'ORDER_PROBLEMS',
          message: 'a line or discount code cannot be taken',
          problems: priced.problems,
        },
      ];
    if (priced.total !== request.expectedTotal)
      return [
        409,
        {
          code: 'QUOTE_CHANGED',
          message: `the total is now ${priced.total}, not the expectedTotal ${request.expectedTotal}`,
          quote: priced,
        },
      ];
    const order: StorePaidOrder = { orderId: randomUUID(), number: String(orders.length + 1), quote: priced };
    orders.push({ ...order, reference: request.reference, request });
    return [201, order];
  }

  function answer(
    req: IncomingMessage,
    raw: string,
  ): [number, unknown, FakeStoreOperation | undefined, string] {
    const path = (req.url ?? '').split('?')[0];
    const m = ROUTE.exec(path);
    if (req.method !== 'POST' || !m) return [404, { code: 'NOT_FOUND' }, undefined, ''];
    const [, rawStore, route, reference] = m;
    const id = decodeURIComponent(rawStore).toLowerCase();
    const operation: FakeStoreOperation =
      route === 'shopping-products/search'
        ? 'search'
        : route === 'shopping-products/lookup'
          ? 'lookup'
          : route === 'shopping-reservations'
            ? 'reserve'
            : route === 'order-quotes'
              ? 'quote'
              : route === 'paid-orders'
                ? 'paid-order'
                : 'release';
    if (req.headers[INTERNAL_CREDENTIAL_HEADER] !== internalCredential)
      return [
        401,
        { code: 'UNAUTHORIZED', message: 'this route takes the platform internal credential' },
        operation,
        id,
      ];
    if (forced !== undefined) return [forced, { code: 'SERVICE_UNAVAILABLE' }, operation, id];
    if (!UUID.test(id)) return [400, { code: 'VALIDATION_FAILED' }, operation, id];
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return [400, { code: 'INVALID_BODY' }, operation, id];
    }
    switch (operation) {
      case 'search':
        return [...search(id, body), operation, id];
      case 'lookup':
        return [...lookup(id, body), operation, id];
      case 'reserve':
        return [...reserve(id, body as unknown as StoreReservationRequest), operation, id];
      case 'release':
        return [...release(id, decodeURIComponent(reference)), operation, id];
      case 'quote':
        return [200, quote(id, body as unknown as StoreOrderQuoteRequest), operation, id];
      case 'paid-order':
        return [...placePaid(id, body as unknown as StorePaidOrderRequest), operation, id];
    }
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [status, body, operation, id] = answer(req, raw);
      if (operation) {
        const call: FakeStoreCall = {
          operation,
          storeId: id,
          body: raw ? (JSON.parse(raw) as unknown) : undefined,
          status,
          answer: body,
        };
        calls.push(call);
        fake.beforeAnswer?.(call);
      }
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const fake: FakeStore = {
    beforeAnswer: undefined,
    url: `http://127.0.0.1:${port}`,
    storeId,
    calls,
    items,
    discounts,
    reservations,
    orders,
    seedFlowerShop(set) {
      const stock = new Map(
        readCsv(set.readText('conformance-flower-shop', 'inventory.csv')).map((r) => [
          r.product_id,
          Number(r.quantity),
        ]),
      );
      items.length = 0;
      for (const p of readCsv(set.readText('conformance-flower-shop', 'products.csv')))
        items.push({
          key: p.id,
          groupId: uuidFor(storeId, 'group', p.id),
          skuId: uuidFor(storeId, 'sku', p.id),
          title: p.title,
          price: Number(p.price),
          imageUrl: p.image_url,
          onHand: stock.get(p.id) ?? 0,
          status: 'ACTIVE',
        });
      discounts.length = 0;
      for (const d of readCsv(set.readText('conformance-flower-shop', 'discounts.csv')))
        discounts.push({
          code: d.code,
          type: d.type === 'percentage' ? 'percentage' : 'fixed_amount',
          value: Number(d.value),
          description: d.description,
        });
    },
    item(key) {
      const found = items.find((i) => i.key === key);
      if (!found) throw new Error(`the fake store sells no ${key}`);
      return found;
    },
    available,
    callsOf: (operation) => calls.filter((c) => c.operation === operation),
    answerWith(status) {
      forced = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

/** The kit's overrides that send a store's catalog and order calls to the fake. */
export function fakeStoreOverrides(store: Pick<FakeStore, 'url'>): Record<string, string> {
  return { CATALOG_SUBGRAPH_URL: store.url, ORDER_SUBGRAPH_URL: store.url };
}
