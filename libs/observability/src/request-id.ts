import { randomUUID } from 'node:crypto';
import { isVersionedUuid } from '@platform/ids';

/**
 * The request id: the caller's X-Request-Id when it is a uuid (the spec's format), else a new
 * uuid. A non-uuid value is not echoed, so nothing a caller sends ends up in our logs unchecked.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && isVersionedUuid(value.trim()) ? value.trim().toLowerCase() : randomUUID();
}
