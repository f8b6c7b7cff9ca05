import { Errors, PlatformError } from '@platform/errors';

export const StoreErrorCode = {
  STORE_NOT_FOUND: 'STORE_NOT_FOUND',
} as const;

export const StoreErrors = {
  /** A store that does not exist and one the caller cannot see answer alike: 404, never 403. */
  storeNotFound(): PlatformError {
    return Errors.notFound('no such store', StoreErrorCode.STORE_NOT_FOUND);
  },
};
