import type { StoredResponse } from './idempotency-record.repository';

/** Header added to every replayed response. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

function isBinary(value: unknown): boolean {
  if (value instanceof Uint8Array) return true;
  const candidate = value as { pipe?: unknown; getStream?: unknown } | null;
  // Streams and Nest's StreamableFile: their bytes are gone once sent, so they cannot be stored.
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    (typeof candidate.pipe === 'function' || typeof candidate.getStream === 'function')
  );
}

/**
 * What the handler's response will look like on the wire, for storing: the JSON text Fastify
 * sends for a value (JSON.stringify, as it does without a response schema), the status and the
 * listed headers. Undefined for a body that cannot be replayed (a stream or binary buffer).
 */
export function toStoredResponse(
  value: unknown,
  status: number,
  headerOf: (name: string) => unknown,
  headerNames: readonly string[],
): StoredResponse | undefined {
  if (isBinary(value)) return undefined;
  const json = value === undefined || value === null ? undefined : JSON.stringify(value);
  const headers: Record<string, string> = {};
  for (const name of headerNames) {
    const header = headerOf(name);
    if (header === undefined || header === null) continue;
    headers[name] = Array.isArray(header) ? header.map(String).join(', ') : String(header);
  }
  return { status, headers, body: json ?? null };
}

export interface ReplayTarget {
  status(code: number): unknown;
  header(name: string, value: string): unknown;
}

/**
 * Puts a stored response's status and headers on the reply and returns the body for Nest to send:
 * the stored JSON text itself (sent as is, so byte-identical), or the string a handler returned.
 */
export function replayStoredResponse(reply: ReplayTarget, response: StoredResponse): string | undefined {
  reply.status(response.status);
  for (const [name, value] of Object.entries(response.headers)) reply.header(name, value);
  reply.header(REPLAYED_HEADER, 'true');
  if (response.body === null) return undefined;
  if (response.body.startsWith('"')) return JSON.parse(response.body) as string;
  if (!('content-type' in response.headers)) reply.header('content-type', 'application/json; charset=utf-8');
  return response.body;
}
