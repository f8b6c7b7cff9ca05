import { PlatformError } from '@platform/errors';
import { SubgraphErrors } from '@platform/graphql-subgraph';

/** `extensions.code` of the rates' errors (HTTP 200, in errors[]). */
export const RateErrorCode = {
  RATE_NOT_FOUND: 'RATE_NOT_FOUND',
} as const;

export const RateErrors = {
  /** Also for another store's rates, and for a rate id a relation mutation names. */
  notFound(id: string): PlatformError {
    return SubgraphErrors.notFound(RateErrorCode.RATE_NOT_FOUND, `no rate ${id} in this store`);
  },
};
