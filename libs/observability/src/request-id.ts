import { randomUUID } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The request id: the caller's X-Request-Id when it is a uuid (the spec's format), else a new
 * uuid. A non-uuid value is not echoed, so nothing a caller sends ends up in our logs unchecked.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && isUuid(value.trim()) ? value.trim().toLowerCase() : randomUUID();
}
