import { PlatformError, ViolationCode } from '@platform/errors';
import { SubgraphErrors } from '@platform/graphql-subgraph';
import { MAX_EXECUTING_PER_STORE, MAX_IMPORT_BYTES } from './bulk-limits';

/** `extensions.code` of the bulk operations' errors (HTTP 200, in errors[]). */
export const CatalogBulkErrorCode = {
  /** No bulk operation of that id in this store (also another store's). */
  BULK_OPERATION_NOT_FOUND: 'BULK_OPERATION_NOT_FOUND',
  /** The store already has MAX_EXECUTING_PER_STORE operations EXECUTING. */
  BULK_OPERATIONS_BUSY: 'BULK_OPERATIONS_BUSY',
} as const;

/** `failureCode` of a FAILED bulk operation besides the runner's (RETRIES_EXHAUSTED, JOB_FAILED, …). */
export const CatalogBulkFailureCode = {
  /** An import had refused lines (see `errors`): nothing was written. */
  INVALID_LINES: 'INVALID_LINES',
  /** The stored payload no longer holds every line the request counted (never expected). */
  PAYLOAD_MISSING: 'PAYLOAD_MISSING',
} as const;

export const CatalogBulkErrors = {
  notFound(id: string): PlatformError {
    return SubgraphErrors.notFound(
      CatalogBulkErrorCode.BULK_OPERATION_NOT_FOUND,
      `no bulk operation ${id} in this store`,
    );
  },
  busy(): PlatformError {
    return SubgraphErrors.conflict(
      CatalogBulkErrorCode.BULK_OPERATIONS_BUSY,
      `the store already runs ${MAX_EXECUTING_PER_STORE} bulk operations; start another once one has ended`,
    );
  },
  importTooLarge(bytes: number): PlatformError {
    return SubgraphErrors.badField(
      ['jsonl'],
      ViolationCode.OUT_OF_RANGE,
      `jsonl holds ${bytes} bytes, more than the ${MAX_IMPORT_BYTES} an import takes; split it`,
    );
  },
  importEmpty(): PlatformError {
    return SubgraphErrors.badField(['jsonl'], ViolationCode.REQUIRED, 'jsonl holds no SKU line');
  },
};
