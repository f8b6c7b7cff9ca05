import { createHash } from 'node:crypto';

/** What identifies "the same request" for an idempotency key. */
export interface FingerprintInput {
  readonly method: string;
  /** The route template, e.g. `/v1/hosting/apps/:appId/secrets`. */
  readonly route: string;
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
}

/**
 * JSON with object keys sorted at every depth, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are one
 * request. Arrays keep their order (a JSON Patch is ordered). `undefined` members are dropped as
 * JSON.stringify drops them; binary bodies are hashed by content.
 */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (Buffer.isBuffer(value)) return JSON.stringify({ $binary: value.toString('base64') });
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && typeof v !== 'function')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of the canonical method, route, path parameters, query and body. */
export function requestFingerprint(input: FingerprintInput): string {
  const canonical = canonicalJson({
    method: input.method.toUpperCase(),
    route: input.route,
    params: input.params ?? {},
    query: input.query ?? {},
    body: input.body ?? null,
  });
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
