import { errorCodeOf, postInternal } from '@platform/auth';
import type {
  StoreOrderProblem,
  StoreOrderQuote,
  StoreOrderQuoteRequest,
  StorePaidOrder,
  StorePaidOrderRequest,
} from '@platform/contracts';
import { PlatformError } from '@platform/errors';

export interface StoreOrdersClientOptions {
  /** The order subgraph's base URL (its internal routes, never through the gateway). */
  readonly baseUrl: string;
  /** The platform's internal credential (`deriveInternalCredential`). */
  readonly internalCredential: string;
  /** Per call, ms; default callInternalRoute's 5000. */
  readonly timeoutMs?: number;
}

/**
 * What placing a paid order came to. `created` is false when the reference had already placed it
 * (the order subgraph answered the order it made then). The refusals write nothing.
 */
export type StorePaidOrderOutcome =
  | { readonly ok: true; readonly created: boolean; readonly order: StorePaidOrder }
  | { readonly ok: false; readonly reason: 'QUOTE_CHANGED'; readonly quote: StoreOrderQuote }
  | {
      readonly ok: false;
      readonly reason: 'ORDER_PROBLEMS';
      readonly problems: readonly StoreOrderProblem[];
    };

/**
 * The order subgraph answered, but refused what this service asked (a 4xx other than the expected
 * outcomes: a malformed request, a store id that is not a UUID). A bug on our side, not the
 * buyer's: 500 STORE_ORDERS_REFUSED, with what the order subgraph said. The order subgraph being
 * down (no answer, a timeout, 5xx, 429) is @platform/auth's InternalServiceUnavailableError (503).
 */
export class StoreOrdersRefusedError extends PlatformError {
  constructor(
    readonly operation: string,
    readonly orderStatus: number,
    readonly orderCode: string | undefined,
  ) {
    super({
      status: 500,
      code: 'STORE_ORDERS_REFUSED',
      message: `the order subgraph refused ${operation} (${orderStatus} ${orderCode ?? ''})`.trimEnd(),
    });
    this.name = 'StoreOrdersRefusedError';
  }
}

const SERVICE = 'the order subgraph';

/**
 * The Shopping API's way to a store's orders: the order subgraph's internal routes
 * (apps/order-subgraph/src/modules/store-orders), never its tables. A quote is what the store's
 * storefront cart would charge for the lines, codes and address (integer minor units); placing
 * turns it into an OPEN, paid order whose payment becomes a commerce transaction.
 */
export class StoreOrdersClient {
  constructor(private readonly options: StoreOrdersClientOptions) {}

  /** The storefront's price of the cart; lines and codes it cannot take are in `problems`. */
  async quote(storeId: string, request: StoreOrderQuoteRequest): Promise<StoreOrderQuote> {
    const { status, body } = await this.post(storeId, '/order-quotes', request);
    if (status !== 200) throw refused('a quote', status, body);
    return body as StoreOrderQuote;
  }

  /**
   * Places the cart as a paid order, once per `request.reference`: retrying after a timeout or a
   * 503 with the same reference is safe and answers the order the first call made.
   */
  async placePaid(storeId: string, request: StorePaidOrderRequest): Promise<StorePaidOrderOutcome> {
    const { status, body } = await this.post(storeId, '/paid-orders', request);
    if (status === 201 || status === 200) {
      return { ok: true, created: status === 201, order: body as StorePaidOrder };
    }
    const code = errorCodeOf(body);
    if (status === 409 && code === 'QUOTE_CHANGED' && hasField(body, 'quote')) {
      return { ok: false, reason: 'QUOTE_CHANGED', quote: body.quote as StoreOrderQuote };
    }
    if (status === 422 && code === 'ORDER_PROBLEMS' && hasField(body, 'problems')) {
      return { ok: false, reason: 'ORDER_PROBLEMS', problems: body.problems as StoreOrderProblem[] };
    }
    throw refused('a paid order', status, body);
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

function hasField<K extends string>(body: unknown, key: K): body is Record<K, unknown> {
  return (
    typeof body === 'object' && body !== null && key in body && (body as Record<K, unknown>)[key] != null
  );
}

function refused(operation: string, status: number, body: unknown): StoreOrdersRefusedError {
  return new StoreOrdersRefusedError(operation, status, errorCodeOf(body));
}
