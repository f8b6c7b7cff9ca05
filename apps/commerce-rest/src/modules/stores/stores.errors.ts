import { Errors, PlatformError } from '@platform/errors';

export const StoreErrorCode = {
  STORE_NOT_FOUND: 'STORE_NOT_FOUND',
  /** The spec's code for a store attribute key outside the store's allow-list (400). */
  INVALID_REQUEST: 'INVALID_REQUEST',
  /** The spec's code for an allow-listed attribute that is not set, or expired (404). */
  BUSINESS_ATTRIBUTE_NOT_FOUND: 'BUSINESS_ATTRIBUTE_NOT_FOUND',
} as const;

export const StoreErrors = {
  /** A store that does not exist and one the caller cannot see answer alike: 404, never 403. */
  storeNotFound(): PlatformError {
    return new PlatformError({
      status: 404,
      code: StoreErrorCode.STORE_NOT_FOUND,
      message: 'no such store',
      violations: [
        {
          location: 'path',
          path: ['storeId'],
          code: StoreErrorCode.STORE_NOT_FOUND,
          message: 'no such store',
        },
      ],
    });
  },

  /** 400, name and details[].issue INVALID_REQUEST, field attrName (path). */
  attributeNotAllowed(name: string): PlatformError {
    return Errors.badRequest(
      StoreErrorCode.INVALID_REQUEST,
      `"${name}" is not an attribute key of this store`,
      [
        {
          location: 'path',
          path: ['attrName'],
          code: StoreErrorCode.INVALID_REQUEST,
          message: 'the key is outside the store attribute allow-list',
          value: name,
        },
      ],
    );
  },

  /** 404, name and details[].issue BUSINESS_ATTRIBUTE_NOT_FOUND, field attrName (path). */
  attributeNotFound(name: string): PlatformError {
    return new PlatformError({
      status: 404,
      code: StoreErrorCode.BUSINESS_ATTRIBUTE_NOT_FOUND,
      message: `store attribute "${name}" is not set`,
      violations: [
        {
          location: 'path',
          path: ['attrName'],
          code: StoreErrorCode.BUSINESS_ATTRIBUTE_NOT_FOUND,
          message: 'the attribute was never set, was deleted or has expired',
          value: name,
        },
      ],
    });
  },
};
