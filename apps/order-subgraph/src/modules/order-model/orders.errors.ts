import { PlatformError, Violation } from '@platform/errors';

/**
 * `errors[].extensions.code` values of the order subgraph's business rules (docs/orders.md).
 * The transport codes (UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, …) come from the subgraph lib.
 */
export const OrderErrorCode = {
  ORDER_NOT_FOUND: 'ORDER_NOT_FOUND',
  LINE_ITEM_NOT_FOUND: 'LINE_ITEM_NOT_FOUND',
  NOTE_NOT_FOUND: 'NOTE_NOT_FOUND',
  DISCOUNT_NOT_FOUND: 'DISCOUNT_NOT_FOUND',
  /** The order's status does not allow the requested status change (complete a canceled order…). */
  ORDER_ILLEGAL_TRANSITION: 'ORDER_ILLEGAL_TRANSITION',
  /** Lines, discounts, addresses… of a COMPLETED, CANCELED or archived order cannot change. */
  ORDER_NOT_EDITABLE: 'ORDER_NOT_EDITABLE',
  /** The caller's orderVersion is not the order's current one: re-read it first. */
  ORDER_VERSION_CONFLICT: 'ORDER_VERSION_CONFLICT',
  /** Cancelling an order that holds payments needs force: true (which refunds them). */
  ORDER_HAS_PAYMENTS: 'ORDER_HAS_PAYMENTS',
  /** DRAFT → OPEN or complete needs at least one line item. */
  ORDER_EMPTY: 'ORDER_EMPTY',
  /** A payment above the order's outstanding balance. */
  ORDER_OVERPAYMENT: 'ORDER_OVERPAYMENT',
  /** A refund above what was paid and not yet refunded. */
  ORDER_REFUND_EXCEEDS_PAID: 'ORDER_REFUND_EXCEEDS_PAID',
  /** The edit would bring the order's total below what has been paid. */
  ORDER_TOTAL_BELOW_PAID: 'ORDER_TOTAL_BELOW_PAID',
  /** Discounts above the order's subtotal. */
  ORDER_DISCOUNT_EXCEEDS_SUBTOTAL: 'ORDER_DISCOUNT_EXCEEDS_SUBTOTAL',
  /** Archiving needs a COMPLETED or CANCELED order; unarchiving an archived one. */
  ORDER_NOT_ARCHIVABLE: 'ORDER_NOT_ARCHIVABLE',
  /** Money in another currency than the order's. */
  ORDER_CURRENCY_MISMATCH: 'ORDER_CURRENCY_MISMATCH',
  /** An amount or total above what the API can carry (GraphQL Int, 2 147 483 647 minor units). */
  ORDER_AMOUNT_OUT_OF_RANGE: 'ORDER_AMOUNT_OUT_OF_RANGE',
  /** An input's context.storeId is not the store of the x-store-id header. */
  STORE_MISMATCH: 'STORE_MISMATCH',
  /** Storefront mutations change DRAFT orders (carts) only. */
  ORDER_NOT_DRAFT: 'ORDER_NOT_DRAFT',
  /** The store's catalog has no SKU with this id. */
  SKU_NOT_FOUND: 'SKU_NOT_FOUND',
  /** The SKU is archived, not ACTIVE, or has no price. */
  SKU_NOT_PURCHASABLE: 'SKU_NOT_PURCHASABLE',
  /** The storefront path takes no prices from the client (unitAmount, discountAmount, taxAmount). */
  PRICE_NOT_ACCEPTED: 'PRICE_NOT_ACCEPTED',
  /** No ACTIVE discount code of the store has this code. */
  DISCOUNT_CODE_NOT_FOUND: 'DISCOUNT_CODE_NOT_FOUND',
  /** The code's validity ended (endsAt passed). */
  DISCOUNT_CODE_EXPIRED: 'DISCOUNT_CODE_EXPIRED',
  /** The code is not valid yet (startsAt ahead). */
  DISCOUNT_CODE_NOT_YET_VALID: 'DISCOUNT_CODE_NOT_YET_VALID',
  /** The merchant disabled the code. */
  DISCOUNT_CODE_DISABLED: 'DISCOUNT_CODE_DISABLED',
  /** A fixed-amount code in another currency than the cart's. */
  DISCOUNT_CODE_CURRENCY_MISMATCH: 'DISCOUNT_CODE_CURRENCY_MISMATCH',
  /** createDiscountCode with a code the store already has. */
  DISCOUNT_CODE_ALREADY_EXISTS: 'DISCOUNT_CODE_ALREADY_EXISTS',
} as const;
export type OrderErrorCode = (typeof OrderErrorCode)[keyof typeof OrderErrorCode];

function error(status: number, code: OrderErrorCode, message: string): PlatformError {
  return new PlatformError({ status, code, message });
}

/** An input rule the schema cannot express: BAD_USER_INPUT with fields[] (the lib's formatter). */
function invalidField(path: readonly (string | number)[], code: string, message: string): PlatformError {
  const violation: Violation = { location: 'body', path, code, message };
  return new PlatformError({
    status: 400,
    code: 'INVALID_REQUEST',
    message,
    violations: [violation],
    kind: 'validation',
  });
}

export const OrderErrors = {
  orderNotFound: (id: string) => error(404, OrderErrorCode.ORDER_NOT_FOUND, `order ${id} not found`),
  orderNumberNotFound: (number: number) =>
    error(404, OrderErrorCode.ORDER_NOT_FOUND, `no order with number ${number} in this store`),
  lineItemNotFound: (id: string) =>
    error(404, OrderErrorCode.LINE_ITEM_NOT_FOUND, `line item ${id} not found`),
  noteNotFound: (id: string) => error(404, OrderErrorCode.NOTE_NOT_FOUND, `note ${id} not found`),
  discountNotFound: (id: string) => error(404, OrderErrorCode.DISCOUNT_NOT_FOUND, `discount ${id} not found`),
  illegalTransition: (from: string, to: string, hint = '') =>
    error(
      409,
      OrderErrorCode.ORDER_ILLEGAL_TRANSITION,
      `an order in status ${from} cannot become ${to}${hint}`,
    ),
  notEditable: (status: string, archived: boolean) =>
    error(
      409,
      OrderErrorCode.ORDER_NOT_EDITABLE,
      archived ? 'an archived order cannot be changed' : `an order in status ${status} cannot be changed`,
    ),
  versionConflict: (expected: number, actual: number) =>
    error(
      409,
      OrderErrorCode.ORDER_VERSION_CONFLICT,
      `orderVersion ${expected} is not the order's current version ${actual}: read the order again`,
    ),
  hasPayments: () =>
    error(
      409,
      OrderErrorCode.ORDER_HAS_PAYMENTS,
      'the order has payments that were not refunded: cancel with force: true to refund them',
    ),
  empty: () => error(409, OrderErrorCode.ORDER_EMPTY, 'the order has no line items'),
  overpayment: (balance: number) =>
    error(409, OrderErrorCode.ORDER_OVERPAYMENT, `the payment is above the outstanding balance (${balance})`),
  refundExceedsPaid: (refundable: number) =>
    error(409, OrderErrorCode.ORDER_REFUND_EXCEEDS_PAID, `at most ${refundable} can be refunded`),
  totalBelowPaid: (paid: number) =>
    error(
      409,
      OrderErrorCode.ORDER_TOTAL_BELOW_PAID,
      `the order's total cannot go below the net amount paid (${paid})`,
    ),
  discountExceedsSubtotal: () =>
    error(
      409,
      OrderErrorCode.ORDER_DISCOUNT_EXCEEDS_SUBTOTAL,
      "discounts cannot exceed the order's subtotal",
    ),
  notArchivable: (message: string) => error(409, OrderErrorCode.ORDER_NOT_ARCHIVABLE, message),
  currencyMismatch: (path: readonly (string | number)[], orderCurrency: string) =>
    new PlatformError({
      status: 400,
      code: OrderErrorCode.ORDER_CURRENCY_MISMATCH,
      message: `amounts must be in the order's currency ${orderCurrency}`,
      violations: [{ location: 'body', path, code: 'INVALID_VALUE', message: `must be ${orderCurrency}` }],
    }),
  amountOutOfRange: (what: string) =>
    error(400, OrderErrorCode.ORDER_AMOUNT_OUT_OF_RANGE, `${what} is above 2147483647 minor units`),
  storeMismatch: () =>
    error(
      403,
      OrderErrorCode.STORE_MISMATCH,
      'input.context.storeId must be the store of the x-store-id header',
    ),
  invalidField,
  notDraft: (status: string) =>
    error(
      409,
      OrderErrorCode.ORDER_NOT_DRAFT,
      `only a DRAFT order (a cart) can be changed here, not ${status}`,
    ),
  skuNotFound: (skuId: string) =>
    error(404, OrderErrorCode.SKU_NOT_FOUND, `SKU ${skuId} not found in the catalog`),
  skuNotPurchasable: (skuId: string, why: string) =>
    error(409, OrderErrorCode.SKU_NOT_PURCHASABLE, `SKU ${skuId} cannot be bought: ${why}`),
  priceNotAccepted: (field: string) =>
    error(
      400,
      OrderErrorCode.PRICE_NOT_ACCEPTED,
      `${field} is not accepted on the storefront path: the catalog prices lines`,
    ),
  discountCodeNotFound: (code: string) =>
    error(404, OrderErrorCode.DISCOUNT_CODE_NOT_FOUND, `discount code ${code} not found`),
  discountCodeExpired: (code: string) =>
    error(409, OrderErrorCode.DISCOUNT_CODE_EXPIRED, `discount code ${code} has expired`),
  discountCodeNotYetValid: (code: string) =>
    error(409, OrderErrorCode.DISCOUNT_CODE_NOT_YET_VALID, `discount code ${code} is not valid yet`),
  discountCodeDisabled: (code: string) =>
    error(409, OrderErrorCode.DISCOUNT_CODE_DISABLED, `discount code ${code} is disabled`),
  discountCodeCurrencyMismatch: (code: string, currency: string) =>
    error(
      409,
      OrderErrorCode.DISCOUNT_CODE_CURRENCY_MISMATCH,
      `discount code ${code} is an amount in another currency than the order's ${currency}`,
    ),
  discountCodeExists: (code: string) =>
    error(409, OrderErrorCode.DISCOUNT_CODE_ALREADY_EXISTS, `the store already has discount code ${code}`),
};
