import { errorCodeOf, postInternal } from '@platform/auth';
import type {
  StoreOutOfStock,
  StoreProduct,
  StoreProductLookupResponse,
  StoreProductSearchRequest,
  StoreProductSearchResponse,
  StoreReservation,
  StoreReservationRequest,
} from '@platform/contracts';
import { PlatformError } from '@platform/errors';

export interface StoreCatalogClientOptions {
  /** The catalog subgraph's base URL (its internal routes, never through the gateway). */
  readonly baseUrl: string;
  /** The platform's internal credential (`deriveInternalCredential`). */
  readonly internalCredential: string;
  /** Per call, ms; default callInternalRoute's 5000. */
  readonly timeoutMs?: number;
}

export type StoreReservationOutcome =
  | { readonly ok: true; readonly reservation: StoreReservation }
  | { readonly ok: false; readonly outOfStock: readonly string[] };

/**
 * The catalog answered, but refused what this service asked (a 4xx other than the expected
 * outcomes: a bad request, a reference reused with other lines or already released). A bug or a
 * race on our side, not the buyer's: 500 STORE_CATALOG_REFUSED, with what the catalog said.
 * The catalog being down is @platform/auth's InternalServiceUnavailableError (503) instead.
 */
export class StoreCatalogRefusedError extends PlatformError {
  constructor(
    readonly operation: string,
    readonly catalogStatus: number,
    readonly catalogCode: string | undefined,
  ) {
    super({
      status: 500,
      code: 'STORE_CATALOG_REFUSED',
      message: `the catalog refused ${operation} (${catalogStatus} ${catalogCode ?? ''})`.trimEnd(),
    });
    this.name = 'StoreCatalogRefusedError';
  }
}

const SERVICE = 'the catalog';

/**
 * The Shopping API's way to a store's catalog: the catalog subgraph's internal routes
 * (apps/catalog-subgraph/src/modules/shopping-products), never its tables. Products are SKU
 * groups, variants SKUs; reservations hold inventory at checkout completion.
 */
export class StoreCatalogClient {
  constructor(private readonly options: StoreCatalogClientOptions) {}

  /** One page of the store's ACTIVE products; `nextCursor` continues it. */
  async search(storeId: string, request: StoreProductSearchRequest): Promise<StoreProductSearchResponse> {
    const { status, body } = await this.post(storeId, '/shopping-products/search', request);
    if (status !== 200) throw refused('a product search', status, body);
    return body as StoreProductSearchResponse;
  }

  /** The products the ids (SKU groups or SKUs, 1..100) name, in any status; unknown ids are absent. */
  async lookup(storeId: string, ids: readonly string[]): Promise<StoreProduct[]> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return [];
    const { status, body } = await this.post(storeId, '/shopping-products/lookup', { ids: wanted });
    if (status !== 200) throw refused('a product lookup', status, body);
    return [...(body as StoreProductLookupResponse).products];
  }

  /** Every line reserved (the same reservation for a replayed reference), or the SKUs out of stock. */
  async reserve(storeId: string, request: StoreReservationRequest): Promise<StoreReservationOutcome> {
    const { status, body } = await this.post(storeId, '/shopping-reservations', request);
    if (status === 200) return { ok: true, reservation: body as StoreReservation };
    if (status === 409 && isOutOfStock(body)) return { ok: false, outOfStock: body.skuIds };
    throw refused('a reservation', status, body);
  }

  /** Gives the reservation's units back; idempotent (an unknown reference included). */
  async release(storeId: string, reference: string): Promise<StoreReservation> {
    const { status, body } = await this.post(
      storeId,
      `/shopping-reservations/${encodeURIComponent(reference)}/release`,
      undefined,
    );
    if (status !== 200) throw refused('a release', status, body);
    return body as StoreReservation;
  }

  private post(storeId: string, path: string, payload: unknown): Promise<{ status: number; body: unknown }> {
    return postInternal(
      {
        baseUrl: this.options.baseUrl,
        credential: this.options.internalCredential,
        timeoutMs: this.options.timeoutMs,
      },
      `/internal/v1/stores/${encodeURIComponent(storeId)}${path}`,
      payload,
      SERVICE,
    );
  }
}

function isOutOfStock(body: unknown): body is StoreOutOfStock {
  return errorCodeOf(body) === 'OUT_OF_STOCK' && Array.isArray((body as { skuIds?: unknown }).skuIds);
}

/** The catalog's error code: `code`, or `name` in the commerce error shape its routes answer. */
function refused(operation: string, status: number, body: unknown): StoreCatalogRefusedError {
  const name =
    body && typeof body === 'object' && 'name' in body && typeof body.name === 'string'
      ? body.name
      : undefined;
  return new StoreCatalogRefusedError(operation, status, errorCodeOf(body) ?? name);
}
