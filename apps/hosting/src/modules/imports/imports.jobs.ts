import { declareQueue } from '@platform/queue';

export const RUN_IMPORT_JOB = 'import.run';

/** The queue of imports; each job carries the import id as operationId (and job id). */
export const HostingImportsQueue = declareQueue({ name: 'hosting-imports', jobs: [RUN_IMPORT_JOB] });

/** Imports (npm, a build, a start) run in parallel up to this many per worker process. */
export const HOSTING_IMPORTS_CONCURRENCY = 2;
