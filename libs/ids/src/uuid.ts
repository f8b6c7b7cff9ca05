/**
 * The platform's uuid syntax: 8-4-4-4-12 hex digits, either case, any version and variant (ids the
 * database generates, ids clients send, path and header values). Callers that keep the value
 * lower-case it themselves. Request ids are stricter on purpose (`@platform/observability`).
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a uuid in the platform's syntax (UUID_PATTERN). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
