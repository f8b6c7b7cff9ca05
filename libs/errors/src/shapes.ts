import { PlatformError, Violation } from './platform-error';
import { toJsonPath, toJsonPointer } from './pointers';

/** Commerce error object (spec: "Commerce error object"). */
export interface CommerceErrorBody {
  name: string;
  correlationId: string;
  message: string;
  informationLink?: string;
  details?: CommerceErrorDetail[];
  links?: { rel: string; href: string }[];
}
export interface CommerceErrorDetail {
  issue: string;
  field?: string;
  value?: string;
  location: 'body' | 'path' | 'query' | 'header';
  description?: string;
}

/** Domains-style Error / ErrorLimit (spec: "Domains-style error objects"). */
export interface DomainsErrorBody {
  code: string;
  message?: string;
  fields?: { path: string; code: string; message?: string }[];
  retryAfterSec?: number;
}

function stringValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.length > 256 ? value.slice(0, 256) : value;
  try {
    const json = JSON.stringify(value);
    return json === undefined ? undefined : json.slice(0, 256);
  } catch {
    return undefined;
  }
}

/** Body fields are JSON pointers; path, query and header fields are the parameter's name. */
function commerceField(v: Violation): string {
  return v.location === 'body' ? toJsonPointer(v.path) : v.path.map(String).join('.');
}

export function toCommerceError(err: PlatformError, correlationId: string): CommerceErrorBody {
  const name = err.kind === 'validation' ? 'INVALID_REQUEST' : err.code;
  const body: CommerceErrorBody = { name, correlationId, message: err.message };
  if (err.status >= 400 && err.status < 500) {
    // details[] is required on client errors: one per violation, or one naming the code itself.
    body.details = err.violations.length
      ? err.violations.map((v) => ({
          issue: v.code,
          field: commerceField(v),
          value: stringValue(v.value),
          location: v.location,
          description: v.message,
        }))
      : [{ issue: err.code, location: 'body', description: err.message }];
  }
  return body;
}

export function toDomainsError(err: PlatformError): DomainsErrorBody {
  const body: DomainsErrorBody = { code: err.code, message: err.message };
  if (err.violations.length) {
    body.fields = err.violations.map((v) => ({
      path: v.location === 'body' ? toJsonPath(v.path) : v.path.map(String).join('.'),
      code: v.code,
      message: v.message,
    }));
  }
  if (err.retryAfterSec !== undefined) body.retryAfterSec = err.retryAfterSec;
  return body;
}

/** The UCP version every Shopping API envelope names (docs/shopping.md). */
export const UCP_VERSION = '2026-04-08';

/** UCP's message severities (message_error.json requires one on every error message). */
export type UcpSeverity = 'recoverable' | 'requires_buyer_input' | 'requires_buyer_review' | 'unrecoverable';

/** One UCP error message (`types/message_error.json`). */
export interface UcpErrorMessage {
  type: 'error';
  code: string;
  content_type: 'plain';
  content: string;
  severity: UcpSeverity;
  path?: string;
}

/** The Shopping error envelope (spec: "Shopping error envelope"; UCP `types/error_response.json`). */
export interface ShoppingErrorBody {
  ucp: { version: string; status: 'error' };
  messages: UcpErrorMessage[];
}

/**
 * The wire code of a Shopping API error: UCP's codes are lower snake case (`invalid_request`,
 * `not_found`), so the platform's shared codes (UNAUTHORIZED, TOO_MANY_REQUESTS) are lowered, and
 * any request that fails validation at the edge is the spec's `invalid_request`.
 */
function shoppingCode(err: PlatformError): string {
  if (err.kind === 'validation') return 'invalid_request';
  return err.code.toLowerCase();
}

/** Statuses a caller can retry: as is later (424, 429, 5xx) or after fixing its input (400, 409). */
const RECOVERABLE_STATUSES = new Set([400, 409, 424, 429]);

function shoppingSeverity(err: PlatformError): UcpSeverity {
  return RECOVERABLE_STATUSES.has(err.status) || err.status >= 500 ? 'recoverable' : 'unrecoverable';
}

export function toShoppingError(err: PlatformError): ShoppingErrorBody {
  const code = shoppingCode(err);
  const severity = shoppingSeverity(err);
  const messages: UcpErrorMessage[] = err.violations.length
    ? err.violations.map((v) => ({
        type: 'error',
        code,
        content_type: 'plain',
        severity,
        // `path` is an RFC 9535 JSONPath into the request body (UCP message_error.json); a header,
        // path or query input is no part of it, so the content names that input instead.
        ...(v.location === 'body'
          ? { content: v.message, path: toJsonPath(v.path) }
          : { content: `${v.path.map(String).join('.')} (${v.location}): ${v.message}` }),
      }))
    : [{ type: 'error', code, content_type: 'plain', content: err.message, severity }];
  return { ucp: { version: UCP_VERSION, status: 'error' }, messages };
}
