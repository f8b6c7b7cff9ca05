import { CommonErrorCode, Errors, PlatformError, Violation } from '@platform/errors';

function headerViolation(header: string, code: string, message: string): Violation {
  return { location: 'header', path: [header], code, message };
}

export const IdempotencyErrors = {
  /** 400: the key header is missing (on a route that requires it), repeated or malformed. */
  invalidKey(violation: Violation): PlatformError {
    return Errors.validation([violation], violation.message);
  },
  /** 409: the first request with this key has not finished yet. */
  keyInUse(header: string): PlatformError {
    const message = `a request with this ${header} is still in progress; read the current state before retrying`;
    return new PlatformError({
      status: 409,
      code: CommonErrorCode.IDEMPOTENCY_KEY_IN_USE,
      message,
      violations: [headerViolation(header, CommonErrorCode.IDEMPOTENCY_KEY_IN_USE, message)],
    });
  },
  /** 422 (or the route's 409): the key was first used with a different request (method, path, query or body). */
  keyMismatch(header: string, status: 409 | 422 = 422): PlatformError {
    const message = `this ${header} was used with a different request; use a new key for a new request`;
    return new PlatformError({
      status,
      code: CommonErrorCode.IDEMPOTENCY_KEY_MISMATCH,
      message,
      violations: [headerViolation(header, CommonErrorCode.IDEMPOTENCY_KEY_MISMATCH, message)],
    });
  },
};
