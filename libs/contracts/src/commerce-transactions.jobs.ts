import { isUuid } from '@platform/ids';

/**
 * The message contract between the order subgraph (producer) and the commerce worker (consumer):
 * when an order is paid, refunded or completed, the order subgraph adds one `order-payment-recorded`
 * job to the `commerce-transactions` queue; the commerce worker records it as a transaction, once.
 * docs/commerce-transactions.md describes the flow. Pure types and constants: no Nest, no BullMQ.
 *
 * Evolution: consumers ignore fields they do not know (a newer producer may add optional ones);
 * a field is never removed or given another meaning; a breaking change is a new job name.
 */

/** Transaction types (public counterpart: the Transactions API's `type` discriminator). */
export const TRANSACTION_TYPES = ['AUTHORIZE', 'CAPTURE', 'REFUND', 'ADJUSTMENT', 'SALE'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Transaction statuses (public counterpart: Transaction Status). */
export const TRANSACTION_STATUSES = ['INITIATED', 'PENDING', 'FAILED', 'COMPLETED', 'VOIDED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Types that settle against an earlier transaction of the same order and may name it. */
export const CHILD_TRANSACTION_TYPES: readonly TransactionType[] = ['CAPTURE', 'REFUND', 'ADJUSTMENT'];

export const COMMERCE_TRANSACTIONS_QUEUE = 'commerce-transactions';
export const ORDER_PAYMENT_RECORDED = 'order-payment-recorded';

/** The queue and the job names its producers may add (shape of @platform/queue's QueueDeclaration). */
export const CommerceTransactionsQueue = {
  name: COMMERCE_TRANSACTIONS_QUEUE,
  jobs: [ORDER_PAYMENT_RECORDED],
} as const;

/** Money in minor units (cents for USD, yen for JPY), as the order model carries it. */
export interface Money {
  /** Integer in the currency's minor unit; negative only for an ADJUSTMENT. */
  readonly value: number;
  /** ISO 4217 alphabetic code, upper case. */
  readonly currencyCode: string;
}

/** Payload of an `order-payment-recorded` job. */
export interface OrderPaymentRecorded {
  /** uuid the producer gives the event once; the consumer records each eventId at most once per store. */
  readonly eventId: string;
  readonly storeId: string;
  /** The order's global id (`Order_<KSUID>`), opaque to the consumer. */
  readonly orderId: string;
  readonly type: TransactionType;
  /** Default COMPLETED: the order subgraph publishes a payment once the processor answered. */
  readonly status?: TransactionStatus;
  readonly amount: Money;
  readonly channelId?: string;
  /** The processor's id of the payment; absent for MOCK stores (the consumer derives one). */
  readonly processorReference?: string;
  /** eventId of the earlier event this one settles (the AUTHORIZE a CAPTURE captures, the SALE a REFUND refunds). */
  readonly parentEventId?: string;
  /** At most 512 characters. */
  readonly notes?: string;
  /** RFC 3339 date-time with an offset: when the payment happened (the transaction's createdAt). */
  readonly occurredAt: string;
}

/**
 * BullMQ job id for an event: adding the same event twice while the first job is kept adds one
 * job. The consumer is idempotent anyway (unique per store and eventId), so a job added again after
 * its predecessor was removed still records nothing twice.
 */
export function orderPaymentRecordedJobId(eventId: string): string {
  return `${ORDER_PAYMENT_RECORDED}-${eventId}`;
}

export type ContractCheck<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problems: readonly string[] };

const ORDER_ID = /^Order_[A-Za-z0-9]{1,58}$/;
const CURRENCY = /^[A-Z]{3}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;
const MAX_NOTES = 512;
const MAX_PROCESSOR_REFERENCE = 64;

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `null` and absent are the same for optional fields (JSON producers emit either). */
function optional(fields: Fields, key: string): unknown {
  return fields[key] === null ? undefined : fields[key];
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value);
}

/**
 * Checks an `order-payment-recorded` payload and returns it with only the fields of the contract
 * (unknown fields are ignored), or every problem found. Pure; the worker fails a job it rejects
 * permanently (retrying cannot make it valid).
 */
export function parseOrderPaymentRecorded(data: unknown): ContractCheck<OrderPaymentRecorded> {
  if (!isObject(data)) return { ok: false, problems: ['payload must be a JSON object'] };
  const problems: string[] = [];
  const uuid = (key: string, value: unknown): void => {
    if (typeof value !== 'string' || !isUuid(value)) problems.push(`${key} must be a uuid`);
  };

  uuid('eventId', data.eventId);
  uuid('storeId', data.storeId);
  if (typeof data.orderId !== 'string' || !ORDER_ID.test(data.orderId))
    problems.push('orderId must be an order global id (Order_<KSUID>)');
  if (!oneOf(TRANSACTION_TYPES, data.type))
    problems.push(`type must be one of ${TRANSACTION_TYPES.join(', ')}`);
  const status = optional(data, 'status');
  if (status !== undefined && !oneOf(TRANSACTION_STATUSES, status))
    problems.push(`status must be one of ${TRANSACTION_STATUSES.join(', ')}`);

  const amount = data.amount;
  if (!isObject(amount)) {
    problems.push('amount must be an object {value, currencyCode}');
  } else {
    if (typeof amount.value !== 'number' || !Number.isSafeInteger(amount.value))
      problems.push('amount.value must be an integer number of minor units');
    else if (amount.value < 0 && data.type !== 'ADJUSTMENT')
      problems.push('amount.value may be negative only for an ADJUSTMENT');
    if (typeof amount.currencyCode !== 'string' || !CURRENCY.test(amount.currencyCode))
      problems.push('amount.currencyCode must be an ISO 4217 code (3 upper-case letters)');
  }

  const channelId = optional(data, 'channelId');
  if (channelId !== undefined) uuid('channelId', channelId);
  const processorReference = optional(data, 'processorReference');
  if (
    processorReference !== undefined &&
    (typeof processorReference !== 'string' ||
      processorReference.length < 1 ||
      processorReference.length > MAX_PROCESSOR_REFERENCE)
  )
    problems.push(`processorReference must be a string of 1 to ${MAX_PROCESSOR_REFERENCE} characters`);
  const parentEventId = optional(data, 'parentEventId');
  if (parentEventId !== undefined) {
    uuid('parentEventId', parentEventId);
    if (oneOf(TRANSACTION_TYPES, data.type) && !CHILD_TRANSACTION_TYPES.includes(data.type))
      problems.push(`parentEventId is allowed only for ${CHILD_TRANSACTION_TYPES.join(', ')}`);
    if (parentEventId === data.eventId) problems.push('parentEventId must differ from eventId');
  }
  const notes = optional(data, 'notes');
  if (notes !== undefined && (typeof notes !== 'string' || notes.length > MAX_NOTES))
    problems.push(`notes must be a string of at most ${MAX_NOTES} characters`);
  if (
    typeof data.occurredAt !== 'string' ||
    !RFC3339.test(data.occurredAt) ||
    Number.isNaN(Date.parse(data.occurredAt))
  )
    problems.push('occurredAt must be an RFC 3339 date-time with an offset');

  if (problems.length > 0) return { ok: false, problems };
  const money = amount as { value: number; currencyCode: string };
  return {
    ok: true,
    value: {
      eventId: (data.eventId as string).toLowerCase(),
      storeId: (data.storeId as string).toLowerCase(),
      orderId: data.orderId as string,
      type: data.type as TransactionType,
      ...(status !== undefined ? { status: status as TransactionStatus } : {}),
      amount: { value: money.value, currencyCode: money.currencyCode },
      ...(channelId !== undefined ? { channelId: (channelId as string).toLowerCase() } : {}),
      ...(processorReference !== undefined ? { processorReference: processorReference as string } : {}),
      ...(parentEventId !== undefined ? { parentEventId: (parentEventId as string).toLowerCase() } : {}),
      ...(notes !== undefined ? { notes: notes as string } : {}),
      occurredAt: data.occurredAt as string,
    },
  };
}
