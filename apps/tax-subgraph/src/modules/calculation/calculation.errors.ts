import { PlatformError } from '@platform/errors';
import { SubgraphErrors } from '@platform/graphql-subgraph';

/**
 * `extensions.code` of the calculations' errors (HTTP 200, in errors[]). A line naming an unknown
 * classification answers the classifications' CLASSIFICATION_NOT_FOUND.
 */
export const CalculationErrorCode = {
  CURRENCY_MISMATCH: 'CURRENCY_MISMATCH',
  RATE_CURRENCY_MISMATCH: 'RATE_CURRENCY_MISMATCH',
  AMOUNT_OUT_OF_RANGE: 'AMOUNT_OUT_OF_RANGE',
} as const;

export const CalculationErrors = {
  currencyMismatch(): PlatformError {
    return SubgraphErrors.badField(
      ['lines'],
      CalculationErrorCode.CURRENCY_MISMATCH,
      'every line of a calculation must use the same currency',
    );
  },
  rateCurrencyMismatch(rateId: string, rateCurrency: string, basketCurrency: string): PlatformError {
    return new PlatformError({
      status: 422,
      code: CalculationErrorCode.RATE_CURRENCY_MISMATCH,
      message: `rate ${rateId} is a fixed amount in ${rateCurrency}, the basket is in ${basketCurrency}`,
    });
  },
  amountOutOfRange(): PlatformError {
    return new PlatformError({
      status: 422,
      code: CalculationErrorCode.AMOUNT_OUT_OF_RANGE,
      message:
        'an amount of the result does not fit a GraphQL Int (2147483647 minor units); split the basket',
    });
  },
};
