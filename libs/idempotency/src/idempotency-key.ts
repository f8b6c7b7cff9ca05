import { Violation, ViolationCode } from '@platform/errors';
import { isUuid } from '@platform/ids';

/** `uuid` (the secrets operation) or a length range (mailboxes: 16 to 64). */
export type IdempotencyKeyFormat = 'uuid' | { readonly minLength: number; readonly maxLength: number };

/** Longest key the store holds (its column width). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

// Visible ASCII only: a key is an opaque token, and control or non-ASCII characters in it are a client bug.
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** Throws when a route declares a format the store cannot honour; called when the route is decorated. */
export function assertKeyFormat(format: IdempotencyKeyFormat): void {
  if (format === 'uuid') return;
  const { minLength, maxLength } = format;
  if (
    !Number.isInteger(minLength) ||
    !Number.isInteger(maxLength) ||
    minLength < 1 ||
    minLength > maxLength
  ) {
    throw new RangeError(
      `idempotency key lengths must be integers with 1 ≤ minLength ≤ maxLength, got ${minLength}..${maxLength}`,
    );
  }
  if (maxLength > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new RangeError(
      `idempotency key maxLength must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH}, got ${maxLength}`,
    );
  }
}

export type KeyReading =
  | { readonly key: string; readonly violation?: undefined }
  | { readonly key?: undefined; readonly violation?: Violation };

/**
 * Reads the key header: `{ key }` when well-formed, `{}` when absent and optional, `{ violation }`
 * when absent but required, repeated, or not in the route's format.
 */
export function readIdempotencyKey(
  raw: string | string[] | undefined,
  header: string,
  format: IdempotencyKeyFormat,
  required: boolean,
): KeyReading {
  const at = (code: string, message: string, value?: unknown): KeyReading => ({
    violation: {
      location: 'header',
      path: [header],
      code,
      message,
      ...(value === undefined ? {} : { value }),
    },
  });
  if (raw === undefined)
    return required ? at(ViolationCode.REQUIRED, `the ${header} header is required`) : {};
  if (Array.isArray(raw)) return at(ViolationCode.INVALID_FORMAT, `send the ${header} header once`);
  if (format === 'uuid') {
    return isUuid(raw)
      ? { key: raw.toLowerCase() }
      : at(ViolationCode.INVALID_FORMAT, `${header} must be a uuid`, raw);
  }
  if (raw.length < format.minLength || raw.length > format.maxLength) {
    return at(
      ViolationCode.OUT_OF_RANGE,
      `${header} must be ${format.minLength} to ${format.maxLength} characters long`,
      raw,
    );
  }
  if (!VISIBLE_ASCII.test(raw))
    return at(ViolationCode.INVALID_FORMAT, `${header} must be visible ASCII characters`, raw);
  return { key: raw };
}
