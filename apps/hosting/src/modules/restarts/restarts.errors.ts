import { Errors, PlatformError } from '@platform/errors';

/** Codes of the restarts feature (docs/errors.md). */
export const RestartErrorCode = {
  RESTART_NOT_FOUND: 'RESTART_NOT_FOUND',
  VARIANT_NOT_RUNNING: 'VARIANT_NOT_RUNNING',
} as const;

/** Codes of a restart's failure. */
export const RestartFailureCode = {
  /** A replacement instance never got ready (its `failure` says which phase); the rest kept serving. */
  RESTART_FAILED: 'RESTART_FAILED',
  /** The variant stopped running (or has no build) before the worker got to it. */
  VARIANT_NOT_RUNNING: 'VARIANT_NOT_RUNNING',
} as const;

export const RestartErrors = {
  /** Missing, or of another account's app or another app: alike, 404. */
  restartNotFound(): PlatformError {
    return Errors.notFound('no such restart', RestartErrorCode.RESTART_NOT_FOUND);
  },
  variantNotRunning(variant: string): PlatformError {
    return Errors.unprocessable(
      RestartErrorCode.VARIANT_NOT_RUNNING,
      `${variant} runs nothing to restart: import (PREVIEW) or deploy (PUBLISH) first`,
    );
  },
};
