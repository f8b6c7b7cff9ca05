import { Errors, PlatformError } from '@platform/errors';

/** Codes of the imports feature (docs/errors.md). */
export const ImportErrorCode = {
  IMPORT_NOT_FOUND: 'IMPORT_NOT_FOUND',
} as const;

/** Codes of an import's failure besides ArchiveError's and BuildError's (docs/errors.md, Hosting). */
export const ImportFailureCode = {
  /** The build did not start or never accepted connections on its port. */
  START_FAILED: 'START_FAILED',
  /** A newer import of the app already runs in PREVIEW; this one was not started. */
  SUPERSEDED: 'SUPERSEDED',
  /** The app's PREVIEW environment is missing (the app is gone). */
  APP_NOT_FOUND: 'APP_NOT_FOUND',
} as const;

export const ImportErrors = {
  /** Missing, or of another account's app: alike, 404. */
  importNotFound(): PlatformError {
    return Errors.notFound('no such import', ImportErrorCode.IMPORT_NOT_FOUND);
  },
};
