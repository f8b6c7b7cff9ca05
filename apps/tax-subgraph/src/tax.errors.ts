import { PlatformError } from '@platform/errors';
import { SubgraphErrors } from '@platform/graphql-subgraph';

/** `extensions.code` of the tax domain's errors (HTTP 200, in errors[]). */
export const TaxErrorCode = {
  JURISDICTION_NOT_FOUND: 'JURISDICTION_NOT_FOUND',
  RATE_NOT_FOUND: 'RATE_NOT_FOUND',
  CLASSIFICATION_NOT_FOUND: 'CLASSIFICATION_NOT_FOUND',
  OVERRIDE_NOT_FOUND: 'OVERRIDE_NOT_FOUND',
  JURISDICTION_NAME_TAKEN: 'JURISDICTION_NAME_TAKEN',
  CLASSIFICATION_NAME_TAKEN: 'CLASSIFICATION_NAME_TAKEN',
  JURISDICTION_IN_USE: 'JURISDICTION_IN_USE',
  CURRENCY_MISMATCH: 'CURRENCY_MISMATCH',
  RATE_CURRENCY_MISMATCH: 'RATE_CURRENCY_MISMATCH',
  AMOUNT_OUT_OF_RANGE: 'AMOUNT_OUT_OF_RANGE',
} as const;
export type TaxErrorCode = (typeof TaxErrorCode)[keyof typeof TaxErrorCode];

export type TaxRecordKind = 'jurisdiction' | 'rate' | 'classification' | 'override';

const NOT_FOUND: Record<TaxRecordKind, TaxErrorCode> = {
  jurisdiction: TaxErrorCode.JURISDICTION_NOT_FOUND,
  rate: TaxErrorCode.RATE_NOT_FOUND,
  classification: TaxErrorCode.CLASSIFICATION_NOT_FOUND,
  override: TaxErrorCode.OVERRIDE_NOT_FOUND,
};

export const TaxErrors = {
  /** Also for records of other stores: a store never learns another store's ids exist. */
  notFound(kind: TaxRecordKind, id: string): PlatformError {
    return SubgraphErrors.notFound(NOT_FOUND[kind], `no ${kind} ${id} in this store`);
  },
  nameTaken(kind: 'jurisdiction' | 'classification', name: string): PlatformError {
    const code =
      kind === 'jurisdiction' ? TaxErrorCode.JURISDICTION_NAME_TAKEN : TaxErrorCode.CLASSIFICATION_NAME_TAKEN;
    return SubgraphErrors.conflict(code, `a ${kind} named "${name}" already exists in this store`);
  },
  jurisdictionInUse(id: string): PlatformError {
    return SubgraphErrors.conflict(
      TaxErrorCode.JURISDICTION_IN_USE,
      `jurisdiction ${id} still has rates or overrides; delete or move them first`,
    );
  },
  currencyMismatch(): PlatformError {
    return SubgraphErrors.badField(
      ['lines'],
      TaxErrorCode.CURRENCY_MISMATCH,
      'every line of a calculation must use the same currency',
    );
  },
  rateCurrencyMismatch(rateId: string, rateCurrency: string, basketCurrency: string): PlatformError {
    return new PlatformError({
      status: 422,
      code: TaxErrorCode.RATE_CURRENCY_MISMATCH,
      message: `rate ${rateId} is a fixed amount in ${rateCurrency}, the basket is in ${basketCurrency}`,
    });
  },
  amountOutOfRange(): PlatformError {
    return new PlatformError({
      status: 422,
      code: TaxErrorCode.AMOUNT_OUT_OF_RANGE,
      message:
        'an amount of the result does not fit a GraphQL Int (2147483647 minor units); split the basket',
    });
  },
};
