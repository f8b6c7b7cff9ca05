import { PlatformError } from '@platform/errors';
import { SubgraphErrors } from '@platform/graphql-subgraph';

/** `extensions.code` of the overrides' errors (HTTP 200, in errors[]). */
export const OverrideErrorCode = {
  OVERRIDE_NOT_FOUND: 'OVERRIDE_NOT_FOUND',
} as const;

export const OverrideErrors = {
  /** Also for another store's overrides. */
  notFound(id: string): PlatformError {
    return SubgraphErrors.notFound(OverrideErrorCode.OVERRIDE_NOT_FOUND, `no override ${id} in this store`);
  },
};
