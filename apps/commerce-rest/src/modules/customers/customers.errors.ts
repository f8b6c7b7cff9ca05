import { Errors, PlatformError } from '@platform/errors';

export const CustomerErrorCode = {
  CUSTOMER_NOT_FOUND: 'CUSTOMER_NOT_FOUND',
  CUSTOMER_ALREADY_EXISTS: 'CUSTOMER_ALREADY_EXISTS',
} as const;

export const CustomerErrors = {
  /** Unknown, or a customer of another store: 404 alike. */
  customerNotFound(): PlatformError {
    return Errors.notFound('no such customer in this store', CustomerErrorCode.CUSTOMER_NOT_FOUND);
  },
  /** Another customer of the store has the same primary e-mail (case-insensitively). */
  customerAlreadyExists(): PlatformError {
    return Errors.conflict(
      CustomerErrorCode.CUSTOMER_ALREADY_EXISTS,
      'a customer of this store already has this primary e-mail address',
    );
  },
};
