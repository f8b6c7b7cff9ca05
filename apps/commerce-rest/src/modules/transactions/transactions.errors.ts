import { Errors, PlatformError, ViolationCode } from '@platform/errors';

export const TransactionErrorCode = {
  TRANSACTION_NOT_FOUND: 'TRANSACTION_NOT_FOUND',
} as const;

export const TransactionErrors = {
  /** Missing, or of another store: alike, 404. */
  transactionNotFound(): PlatformError {
    return Errors.notFound('no such transaction in this store', TransactionErrorCode.TRANSACTION_NOT_FOUND);
  },
  /** A pageToken this service did not hand out for this store (400 INVALID_REQUEST, field pageToken). */
  invalidPageToken(): PlatformError {
    return Errors.validation([
      {
        location: 'query',
        path: ['pageToken'],
        code: ViolationCode.INVALID_VALUE,
        message: "pageToken must come from a links[rel=next] of this store's transaction list",
      },
    ]);
  },
};
