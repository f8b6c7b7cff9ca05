import type { IncomingHttpHeaders } from 'node:http';

/**
 * Stable codes of an outbound call to a URL a customer or agent gave us (docs/outbound.md).
 * Callers switch on these, never on message text.
 */
export const OutboundErrorCode = {
  /** The policy refused the target before any byte was sent; `reason` says which rule. */
  OUTBOUND_REFUSED: 'OUTBOUND_REFUSED',
  /** The connect timeout or the total timeout ran out; `phase` says which. */
  OUTBOUND_TIMEOUT: 'OUTBOUND_TIMEOUT',
  /** The response body was larger than the cap; the connection was cut when it went over. */
  OUTBOUND_TOO_LARGE: 'OUTBOUND_TOO_LARGE',
  /** The name did not resolve, the connection was refused or reset, TLS failed. */
  OUTBOUND_UNREACHABLE: 'OUTBOUND_UNREACHABLE',
  /** An answer outside 2xx; a redirect (3xx) is one of these too, never followed. */
  OUTBOUND_BAD_STATUS: 'OUTBOUND_BAD_STATUS',
  /** fetchJson only: a 2xx whose body is not JSON. */
  OUTBOUND_INVALID_JSON: 'OUTBOUND_INVALID_JSON',
} as const;
export type OutboundErrorCode = (typeof OutboundErrorCode)[keyof typeof OutboundErrorCode];

/** Why OUTBOUND_REFUSED. */
export const OutboundRefusalReason = {
  /** Not an absolute URL. */
  INVALID_URL: 'invalid_url',
  /** Not http: or https:. */
  UNSUPPORTED_SCHEME: 'unsupported_scheme',
  /** http: to a host that is not in the allow list. */
  HTTPS_REQUIRED: 'https_required',
  /** user:password@ in the URL: we never send credentials we were handed in a URL. */
  CREDENTIALS_IN_URL: 'credentials_in_url',
  /** The host is, or resolves to, a private, loopback, link-local, … address (`range` names it). */
  FORBIDDEN_ADDRESS: 'forbidden_address',
  /** The host:port is one of the platform's own (the policy's deniedTargets). */
  DENIED_TARGET: 'denied_target',
} as const;
export type OutboundRefusalReason = (typeof OutboundRefusalReason)[keyof typeof OutboundRefusalReason];

export interface OutboundErrorDetails {
  /** OUTBOUND_REFUSED: the rule. */
  readonly reason?: OutboundRefusalReason;
  /** FORBIDDEN_ADDRESS: the address class (`loopback`, `private`, `linkLocal`, `uniqueLocal`, …). */
  readonly range?: string;
  /** The address the refusal or failure is about, when one was resolved. */
  readonly address?: string;
  /** OUTBOUND_BAD_STATUS: the answer's status and headers (Location, Retry-After). */
  readonly status?: number;
  readonly headers?: IncomingHttpHeaders;
  /** OUTBOUND_TIMEOUT: which of the two clocks ran out. */
  readonly phase?: 'connect' | 'total';
  /** OUTBOUND_TIMEOUT / OUTBOUND_TOO_LARGE: the limit that was hit (ms or bytes). */
  readonly limit?: number;
}

/** The one error an outbound fetcher throws. */
export class OutboundError extends Error {
  override readonly name = 'OutboundError';

  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    readonly details: OutboundErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${message}`, options);
  }

  get reason(): OutboundRefusalReason | undefined {
    return this.details.reason;
  }

  get status(): number | undefined {
    return this.details.status;
  }
}

export function isOutboundError(error: unknown, code?: OutboundErrorCode): error is OutboundError {
  return error instanceof OutboundError && (code === undefined || error.code === code);
}

export const OutboundErrors = {
  refused(reason: OutboundRefusalReason, message: string, extra: OutboundErrorDetails = {}): OutboundError {
    return new OutboundError(OutboundErrorCode.OUTBOUND_REFUSED, message, { ...extra, reason });
  },
  timeout(phase: 'connect' | 'total', limit: number): OutboundError {
    return new OutboundError(
      OutboundErrorCode.OUTBOUND_TIMEOUT,
      phase === 'connect' ? `no connection within ${limit} ms` : `no complete answer within ${limit} ms`,
      { phase, limit },
    );
  },
  tooLarge(limit: number): OutboundError {
    return new OutboundError(
      OutboundErrorCode.OUTBOUND_TOO_LARGE,
      `the response is larger than ${limit} bytes`,
      {
        limit,
      },
    );
  },
  unreachable(message: string, cause?: unknown, address?: string): OutboundError {
    return new OutboundError(OutboundErrorCode.OUTBOUND_UNREACHABLE, message, { address }, { cause });
  },
  badStatus(status: number, headers: IncomingHttpHeaders): OutboundError {
    const what = status >= 300 && status < 400 ? `a redirect (${status}), not followed` : `status ${status}`;
    return new OutboundError(OutboundErrorCode.OUTBOUND_BAD_STATUS, `the target answered ${what}`, {
      status,
      headers,
    });
  },
  invalidJson(cause: unknown): OutboundError {
    return new OutboundError(
      OutboundErrorCode.OUTBOUND_INVALID_JSON,
      'the response body is not JSON',
      {},
      { cause },
    );
  },
};
