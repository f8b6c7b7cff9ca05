/**
 * The platform's uuid syntax: 8-4-4-4-12 hex digits, either case, any version and variant (ids the
 * database generates, ids clients send, path and header values). Callers that keep the value
 * lower-case it themselves. Request ids are stricter on purpose (isVersionedUuid).
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a uuid in the platform's syntax (UUID_PATTERN). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * RFC 9562's layout on top of UUID_PATTERN: a version digit 1–8 and the variant bits 10 (8, 9, a,
 * b). What a request id must be (`@platform/observability` requestIdFrom): the ids a client or a
 * proxy generates, never the all-zero or hand-made value a looser check lets into the logs.
 */
export const VERSIONED_UUID_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** Whether `value` is a uuid of RFC 9562's layout (VERSIONED_UUID_PATTERN). */
export function isVersionedUuid(value: string): boolean {
  return VERSIONED_UUID_PATTERN.test(value);
}
