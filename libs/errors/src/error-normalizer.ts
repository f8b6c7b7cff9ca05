import { HttpException } from '@nestjs/common';
import { DEPENDENCY_RETRY_AFTER_S, isDependencyUnavailable } from './dependency-errors';
import { CommonErrorCode, PlatformError } from './platform-error';

const CODE_BY_STATUS: Record<number, string> = {
  400: CommonErrorCode.INVALID_REQUEST,
  401: CommonErrorCode.UNAUTHORIZED,
  403: CommonErrorCode.FORBIDDEN,
  404: CommonErrorCode.NOT_FOUND,
  405: CommonErrorCode.METHOD_NOT_ALLOWED,
  409: CommonErrorCode.CONFLICT,
  413: CommonErrorCode.PAYLOAD_TOO_LARGE,
  415: CommonErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: CommonErrorCode.TOO_MANY_REQUESTS,
  503: CommonErrorCode.SERVICE_UNAVAILABLE,
};

/** Fastify's own client errors (bad JSON, wrong content type, body too large) carry statusCode and code. */
interface FrameworkClientError {
  statusCode: number;
  code?: string;
  message: string;
}

function isFrameworkClientError(e: unknown): e is FrameworkClientError {
  const c = e as Partial<FrameworkClientError> | null;
  return (
    !!c &&
    typeof c.statusCode === 'number' &&
    c.statusCode >= 400 &&
    c.statusCode < 500 &&
    typeof c.message === 'string'
  );
}

/**
 * Turns whatever was thrown into a PlatformError. A database, Redis or network error of an
 * unreachable dependency becomes 503 SERVICE_UNAVAILABLE with Retry-After (dependency-errors.ts);
 * other unknown errors become a 500 with a generic message (the original is returned as `cause` for
 * the log, never sent on the wire). Both count as unexpected, so they are logged.
 */
export function normalizeError(exception: unknown): { error: PlatformError; unexpected: boolean } {
  if (exception instanceof PlatformError) return { error: exception, unexpected: false };
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status >= 500) return { error: errorFor(status, 'an unexpected error occurred'), unexpected: true };
    const message = status === 404 ? 'no such resource or route' : exception.message;
    return { error: errorFor(status, message), unexpected: false };
  }
  if (isFrameworkClientError(exception)) {
    const status = exception.statusCode;
    // Fastify's own 400s come from reading the body (bad JSON, empty JSON body).
    const code = status === 400 ? CommonErrorCode.INVALID_BODY : undefined;
    const message =
      status === 400 ? `the request body is not valid: ${exception.message}` : exception.message;
    return { error: errorFor(status, message, code), unexpected: false };
  }
  if (isDependencyUnavailable(exception)) return { error: dependencyUnavailable(), unexpected: true };
  return { error: errorFor(500, 'an unexpected error occurred'), unexpected: true };
}

/** 503 for a database or Redis that cannot be reached right now; the client should try again. */
export function dependencyUnavailable(): PlatformError {
  return new PlatformError({
    status: 503,
    code: CommonErrorCode.SERVICE_UNAVAILABLE,
    message: 'the service cannot reach one of its dependencies right now; try again shortly',
    retryAfterSec: DEPENDENCY_RETRY_AFTER_S,
  });
}

function errorFor(status: number, message: string, code?: string): PlatformError {
  return new PlatformError({
    status,
    code:
      code ??
      CODE_BY_STATUS[status] ??
      (status >= 500 ? CommonErrorCode.INTERNAL_ERROR : CommonErrorCode.INVALID_REQUEST),
    message,
  });
}
