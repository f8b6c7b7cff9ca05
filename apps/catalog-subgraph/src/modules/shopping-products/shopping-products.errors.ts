import { Errors, PlatformError } from '@platform/errors';

/** Codes of the Shopping API's internal catalog routes beyond the platform's validation 400. */
export const ShoppingErrorCode = {
  /** A search cursor this service did not make (or of another version). */
  INVALID_CURSOR: 'INVALID_CURSOR',
  /** priceMin above priceMax. */
  INVALID_PRICE_RANGE: 'INVALID_PRICE_RANGE',
  /** A reservation reference replayed with other lines than it was made with. */
  RESERVATION_REFERENCE_REUSED: 'RESERVATION_REFERENCE_REUSED',
  /** A reserve of a reference already released (or released before it was ever reserved). */
  RESERVATION_RELEASED: 'RESERVATION_RELEASED',
} as const;
export type ShoppingErrorCode = (typeof ShoppingErrorCode)[keyof typeof ShoppingErrorCode];

export const ShoppingErrors = {
  invalidCursor(): PlatformError {
    return Errors.badRequest(ShoppingErrorCode.INVALID_CURSOR, 'cursor is not one this search returned', [
      { location: 'body', path: ['cursor'], code: 'INVALID_VALUE', message: 'unknown cursor' },
    ]);
  },
  invalidPriceRange(): PlatformError {
    return Errors.badRequest(ShoppingErrorCode.INVALID_PRICE_RANGE, 'priceMin is above priceMax', [
      { location: 'body', path: ['priceMin'], code: 'OUT_OF_RANGE', message: 'priceMin is above priceMax' },
    ]);
  },
  referenceReused(reference: string): PlatformError {
    return Errors.conflict(
      ShoppingErrorCode.RESERVATION_REFERENCE_REUSED,
      `reservation ${reference} was made with other lines`,
    );
  },
  referenceReleased(reference: string): PlatformError {
    return Errors.conflict(
      ShoppingErrorCode.RESERVATION_RELEASED,
      `reservation ${reference} was released; reserve under a new reference`,
    );
  },
};
