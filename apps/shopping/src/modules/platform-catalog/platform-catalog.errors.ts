import { Errors, PlatformError, ViolationCode } from '@platform/errors';

export const PlatformCatalogErrorCode = {
  PRODUCT_NOT_FOUND: 'PRODUCT_NOT_FOUND',
  VARIANT_NOT_FOUND: 'VARIANT_NOT_FOUND',
  PRODUCT_ARCHIVED: 'PRODUCT_ARCHIVED',
  VARIANT_ARCHIVED: 'VARIANT_ARCHIVED',
  CURRENCY_MISMATCH: 'CURRENCY_MISMATCH',
  TLD_ALREADY_PRICED: 'TLD_ALREADY_PRICED',
  INVALID_ATTRIBUTES: 'INVALID_ATTRIBUTES',
} as const;
export type PlatformCatalogErrorCode =
  (typeof PlatformCatalogErrorCode)[keyof typeof PlatformCatalogErrorCode];

/** Every error of the platform catalog is made here: its search's bad cursor, and the admin's refusals. */
export const PlatformCatalogErrors = {
  /** A cursor this search did not hand out (or handed out for other filters): the caller's 400. */
  invalidCursor(): PlatformError {
    return Errors.validation(
      [
        {
          location: 'body',
          path: ['pagination', 'cursor'],
          code: ViolationCode.INVALID_VALUE,
          message: 'the cursor is not one this search returned for these filters',
        },
      ],
      'invalid pagination cursor',
    );
  },
  productNotFound(id: string): PlatformError {
    return Errors.notFound(`no platform product ${id}`, PlatformCatalogErrorCode.PRODUCT_NOT_FOUND);
  },
  variantNotFound(id: string): PlatformError {
    return Errors.notFound(`no platform product variant ${id}`, PlatformCatalogErrorCode.VARIANT_NOT_FOUND);
  },
  productArchived(id: string): PlatformError {
    return Errors.conflict(PlatformCatalogErrorCode.PRODUCT_ARCHIVED, `the product ${id} is archived`);
  },
  variantArchived(id: string): PlatformError {
    return Errors.conflict(PlatformCatalogErrorCode.VARIANT_ARCHIVED, `the variant ${id} is archived`);
  },
  currencyMismatch(currency: string, catalogCurrency: string): PlatformError {
    return Errors.conflict(
      PlatformCatalogErrorCode.CURRENCY_MISMATCH,
      `the platform catalog sells in ${catalogCurrency}; a price in ${currency} cannot be added beside it`,
    );
  },
  tldAlreadyPriced(tld: string, variantId?: string): PlatformError {
    return Errors.conflict(
      PlatformCatalogErrorCode.TLD_ALREADY_PRICED,
      `.${tld} already has an active price${variantId ? ` (${variantId})` : ''}; set-price it or archive it first`,
    );
  },
  invalidAttributes(message: string): PlatformError {
    return Errors.badRequest(PlatformCatalogErrorCode.INVALID_ATTRIBUTES, message);
  },
};
