import { PlatformError } from '@platform/errors';
import { SubgraphErrors } from '@platform/graphql-subgraph';

/** `extensions.code` of the classifications' errors (HTTP 200, in errors[]). */
export const ClassificationErrorCode = {
  CLASSIFICATION_NOT_FOUND: 'CLASSIFICATION_NOT_FOUND',
  CLASSIFICATION_NAME_TAKEN: 'CLASSIFICATION_NAME_TAKEN',
} as const;

export const ClassificationErrors = {
  /** Also for another store's classifications (and for a calculation line naming a non-uuid). */
  notFound(id: string): PlatformError {
    return SubgraphErrors.notFound(
      ClassificationErrorCode.CLASSIFICATION_NOT_FOUND,
      `no classification ${id} in this store`,
    );
  },
  nameTaken(name: string): PlatformError {
    return SubgraphErrors.conflict(
      ClassificationErrorCode.CLASSIFICATION_NAME_TAKEN,
      `a classification named "${name}" already exists in this store`,
    );
  },
};
