/**
 * Sizes of the catalog's bulk operations (docs/catalog-bulk.md). Constants, not configuration:
 * the API, the worker and the tests must agree on them.
 */

/** Largest `jsonl` of one startSkuImport, in UTF-8 bytes. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/**
 * Request body limit the catalog subgraph needs (main.ts `bodyLimit`) so that an import of
 * MAX_IMPORT_BYTES fits once JSON-escaped inside a GraphQL request (quotes and newlines double).
 */
export const CATALOG_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * Lines per stored chunk: the import's payload and the export's result are stored in chunks of
 * this many lines, and each chunk is one batch (one multi-row INSERT, one keyset page).
 */
export const CHUNK_LINES = 1000;

/** Line errors an operation keeps (failedCount counts them all). */
export const MAX_STORED_ERRORS = 100;

/** Bulk operations a store may have EXECUTING at once; one more answers BULK_OPERATIONS_BUSY. */
export const MAX_EXECUTING_PER_STORE = 3;

/** Most lines one `resultJsonl` page returns, and its default page size. */
export const MAX_RESULT_PAGE_LINES = 10_000;
export const DEFAULT_RESULT_PAGE_LINES = 1000;

/** An operation (and its stored lines) is deleted this long after it ended. */
export const BULK_RETENTION_DAYS = 7;
