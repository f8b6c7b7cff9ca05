import { PlatformError } from '@platform/errors';
import { SubgraphErrors } from '@platform/graphql-subgraph';

/** `extensions.code` of the jurisdictions' errors (HTTP 200, in errors[]). */
export const JurisdictionErrorCode = {
  JURISDICTION_NOT_FOUND: 'JURISDICTION_NOT_FOUND',
  JURISDICTION_NAME_TAKEN: 'JURISDICTION_NAME_TAKEN',
  JURISDICTION_IN_USE: 'JURISDICTION_IN_USE',
} as const;

export const JurisdictionErrors = {
  /** Also for another store's jurisdictions: a store never learns another store's ids exist. */
  notFound(id: string): PlatformError {
    return SubgraphErrors.notFound(
      JurisdictionErrorCode.JURISDICTION_NOT_FOUND,
      `no jurisdiction ${id} in this store`,
    );
  },
  nameTaken(name: string): PlatformError {
    return SubgraphErrors.conflict(
      JurisdictionErrorCode.JURISDICTION_NAME_TAKEN,
      `a jurisdiction named "${name}" already exists in this store`,
    );
  },
  inUse(id: string): PlatformError {
    return SubgraphErrors.conflict(
      JurisdictionErrorCode.JURISDICTION_IN_USE,
      `jurisdiction ${id} still has rates or overrides; delete or move them first`,
    );
  },
};
