/** Where a bad input was found. */
export type ViolationLocation = 'body' | 'path' | 'query' | 'header';

/** One bad input, independent of the wire shape it will be rendered in. */
export interface Violation {
  readonly location: ViolationLocation;
  /** Segments from the root of the location: ['consents', 0, 'type'] in a body, ['marketId'] in a query. */
  readonly path: readonly (string | number)[];
  /** Fine-grained, stable machine code (REQUIRED, INVALID_FORMAT, OUT_OF_RANGE, …). */
  readonly code: string;
  /** Human text; may change, clients must not depend on it. */
  readonly message: string;
  readonly value?: unknown;
}

export type PlatformErrorKind = 'validation' | 'other';

export interface PlatformErrorInit {
  readonly status: number;
  /** Stable machine code: the `code` (domains), `name` (commerce) or `extensions.code` (GraphQL). */
  readonly code: string;
  readonly message: string;
  readonly violations?: readonly Violation[];
  /** Extra response headers (Retry-After, RateLimit-*, …). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Seconds to wait, rendered as retryAfterSec (ErrorLimit) and Retry-After. */
  readonly retryAfterSec?: number;
  /** Send the status and headers with no body (the spec's per-credential 429). */
  readonly emptyBody?: boolean;
  readonly kind?: PlatformErrorKind;
}

/**
 * The one error type features throw. Each area's filter renders it in the spec's shape for that
 * area (commerce error object, domains-style Error/ErrorLimit, GraphQL extensions.code).
 */
export class PlatformError extends Error {
  readonly status: number;
  readonly code: string;
  readonly violations: readonly Violation[];
  readonly headers: Readonly<Record<string, string>>;
  readonly retryAfterSec?: number;
  readonly emptyBody: boolean;
  readonly kind: PlatformErrorKind;

  constructor(init: PlatformErrorInit) {
    super(init.message);
    this.name = 'PlatformError';
    this.status = init.status;
    this.code = init.code;
    this.violations = init.violations ?? [];
    this.headers = init.headers ?? {};
    this.retryAfterSec = init.retryAfterSec;
    this.emptyBody = init.emptyBody ?? false;
    this.kind = init.kind ?? 'other';
  }
}

/** Codes shared by every area. Feature codes live beside their feature (e.g. order.errors.ts). */
export const CommonErrorCode = {
  INVALID_REQUEST: 'INVALID_REQUEST',
  INVALID_BODY: 'INVALID_BODY',
  INVALID_FORMAT: 'INVALID_FORMAT',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  CONFLICT: 'CONFLICT',
  IDEMPOTENCY_KEY_IN_USE: 'IDEMPOTENCY_KEY_IN_USE',
  IDEMPOTENCY_KEY_MISMATCH: 'IDEMPOTENCY_KEY_MISMATCH',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;
export type CommonErrorCode = (typeof CommonErrorCode)[keyof typeof CommonErrorCode];

/** Field-level codes of a Violation. */
export const ViolationCode = {
  REQUIRED: 'REQUIRED',
  UNKNOWN_FIELD: 'UNKNOWN_FIELD',
  INVALID_FORMAT: 'INVALID_FORMAT',
  INVALID_VALUE: 'INVALID_VALUE',
  OUT_OF_RANGE: 'OUT_OF_RANGE',
} as const;

export const Errors = {
  /** 400 for bad input at the edge; `violations` say which inputs and why. */
  validation(violations: readonly Violation[], message = 'the request has invalid fields'): PlatformError {
    const bodyOnly = violations.every((v) => v.location === 'body');
    return new PlatformError({
      status: 400,
      code: bodyOnly ? CommonErrorCode.INVALID_BODY : CommonErrorCode.INVALID_FORMAT,
      message,
      violations,
      kind: 'validation',
    });
  },
  badRequest(code: string, message: string, violations: readonly Violation[] = []): PlatformError {
    return new PlatformError({ status: 400, code, message, violations });
  },
  unauthorized(message = 'missing, malformed, expired or revoked credentials'): PlatformError {
    return new PlatformError({
      status: 401,
      code: CommonErrorCode.UNAUTHORIZED,
      message,
      headers: { 'WWW-Authenticate': 'Bearer' },
    });
  },
  forbidden(message = 'the credentials lack a scope this operation requires'): PlatformError {
    return new PlatformError({ status: 403, code: CommonErrorCode.FORBIDDEN, message });
  },
  notFound(message = 'the resource does not exist', code: string = CommonErrorCode.NOT_FOUND): PlatformError {
    return new PlatformError({ status: 404, code, message });
  },
  conflict(code: string, message: string): PlatformError {
    return new PlatformError({ status: 409, code, message });
  },
  unprocessable(code: string, message: string, violations: readonly Violation[] = []): PlatformError {
    return new PlatformError({ status: 422, code, message, violations });
  },
  internal(message = 'an unexpected error occurred'): PlatformError {
    return new PlatformError({ status: 500, code: CommonErrorCode.INTERNAL_ERROR, message });
  },
  unavailable(message = 'the service is not available'): PlatformError {
    return new PlatformError({ status: 503, code: CommonErrorCode.SERVICE_UNAVAILABLE, message });
  },
};
