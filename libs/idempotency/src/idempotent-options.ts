import { IdempotencyKeyFormat, assertKeyFormat } from './idempotency-key';

/** Route metadata key of the resolved @Idempotent() options. */
export const IDEMPOTENT = 'platform:idempotent';

export interface IdempotentOptions {
  /** Request header carrying the key; default `Idempotency-Key`. */
  readonly header?: string;
  readonly format: IdempotencyKeyFormat;
  /** Answer 400 when the header is missing; default false (the request runs without replay protection). */
  readonly required?: boolean;
  /** How long a completed response is replayed; default 24 h (the spec's retention). */
  readonly retentionSeconds?: number;
  /** After this long an IN_FLIGHT claim counts as abandoned and the same request may take it over; default 60 s. */
  readonly leaseSeconds?: number;
  /** Response headers stored and replayed besides the body; default Content-Type and Location. */
  readonly replayHeaders?: readonly string[];
  /**
   * Status of a key reused with a different request: 422 by default (the domains and mailboxes
   * contract), 409 where the protocol says so (UCP, the Shopping API).
   */
  readonly mismatchStatus?: 409 | 422;
}

export type ResolvedIdempotentOptions = Required<IdempotentOptions>;

export const DEFAULT_RETENTION_SECONDS = 24 * 3600;
export const DEFAULT_LEASE_SECONDS = 60;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`@Idempotent ${name} must be a positive integer, got ${value}`);
  return value;
}

/** Fills in the defaults and throws on options the store cannot honour. */
export function resolveIdempotentOptions(options: IdempotentOptions): ResolvedIdempotentOptions {
  const header = options.header ?? 'Idempotency-Key';
  if (!HEADER_NAME.test(header)) throw new RangeError(`@Idempotent header "${header}" is not a header name`);
  assertKeyFormat(options.format);
  return {
    header,
    format: options.format,
    required: options.required ?? false,
    retentionSeconds: positiveInteger(
      'retentionSeconds',
      options.retentionSeconds ?? DEFAULT_RETENTION_SECONDS,
    ),
    leaseSeconds: positiveInteger('leaseSeconds', options.leaseSeconds ?? DEFAULT_LEASE_SECONDS),
    replayHeaders: (options.replayHeaders ?? ['content-type', 'location']).map((h) => h.toLowerCase()),
    mismatchStatus: options.mismatchStatus ?? 422,
  };
}
