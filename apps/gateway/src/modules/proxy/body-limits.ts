import { Transform, type Readable } from 'node:stream';
import { CommonErrorCode, PlatformError, errorCauses } from '@platform/errors';
import { routeErrorBody, type RouteErrorFamily } from '../http-semantics/route-error';

export type { RouteErrorFamily } from '../http-semantics/route-error';

/**
 * The gateway's own body limit per route (docs/gateway.md, "Request bodies"): a service answers a
 * body over its limit early and closes the connection, which a proxy cannot turn into anything but
 * a 502; so the gateway refuses such bodies itself, in the route's error shape, before proxying.
 */

export interface RouteBodyLimits {
  /** Bytes a request of this route may send; Infinity: no limit of the gateway's. */
  readonly maxBodyBytes: number;
  readonly largeBodies: readonly { readonly path: string; readonly maxBodyBytes: number }[];
}

/** A `{param}` path of the route table as a whole-path pattern. */
function pathPattern(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((segment) =>
      /^\{[A-Za-z][A-Za-z0-9]*\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/** The limit of one request path (no query) under these limits. */
export function bodyLimitResolver(limits: RouteBodyLimits): (path: string) => number {
  const large = limits.largeBodies.map((l) => ({
    pattern: pathPattern(l.path),
    maxBodyBytes: l.maxBodyBytes,
  }));
  return (path) => large.find((l) => l.pattern.test(path))?.maxBodyBytes ?? limits.maxBodyBytes;
}

/** Raised by `limitedBody` when a body without Content-Length grows past its limit. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the request body is larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** `payload` passed through while it stays within `limit` bytes; past it, the stream fails. */
export function limitedBody(payload: Readable, limit: number): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new BodyTooLargeError(limit));
      else callback(null, chunk);
    },
  });
  payload.on('error', (error) => counter.destroy(error));
  return payload.pipe(counter);
}

/** Whether `error` (or one of its causes) is a BodyTooLargeError. */
export function isBodyTooLarge(error: unknown): boolean {
  return errorCauses(error).some((e) => e instanceof BodyTooLargeError);
}

/** The 413 of a route, in its error shape. */
export function payloadTooLarge(
  family: RouteErrorFamily,
  limit: number,
  requestId: string,
): { status: number; body: object } {
  const error = new PlatformError({
    status: 413,
    code: CommonErrorCode.PAYLOAD_TOO_LARGE,
    message: `the request body is larger than ${limit} bytes`,
  });
  return { status: error.status, body: routeErrorBody(family, error, requestId) };
}
