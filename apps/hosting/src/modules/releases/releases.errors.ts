import { Errors, PlatformError } from '@platform/errors';

/** Codes of releases and rollback (docs/errors.md, Hosting). */
export const ReleaseErrorCode = {
  RELEASE_NOT_FOUND: 'RELEASE_NOT_FOUND',
  RELEASE_VARIANT_MISMATCH: 'RELEASE_VARIANT_MISMATCH',
  RELEASE_NOT_AVAILABLE: 'RELEASE_NOT_AVAILABLE',
  DEPLOYMENT_NOT_RELEASED: 'DEPLOYMENT_NOT_RELEASED',
} as const;

/** Codes of a rollback's failure (the deployment's error.code). */
export const RollbackFailureCode = {
  /** The secrets version the release ran with is no longer kept. */
  SECRETS_VERSION_GONE: 'SECRETS_VERSION_GONE',
} as const;

export const ReleaseErrors = {
  /** Missing, or a release of another app (or account): alike, 404. */
  releaseNotFound(): PlatformError {
    return Errors.notFound('no such release of this app', ReleaseErrorCode.RELEASE_NOT_FOUND);
  },
  variantMismatch(releaseVariant: string, variant: string): PlatformError {
    return Errors.unprocessable(
      ReleaseErrorCode.RELEASE_VARIANT_MISMATCH,
      `the release is a release of ${releaseVariant}, not of ${variant}: a variant rolls back only to its own releases`,
    );
  },
  notAvailable(version: number, kept: number): PlatformError {
    return Errors.conflict(
      ReleaseErrorCode.RELEASE_NOT_AVAILABLE,
      `release v${version} is older than the ${kept} newest of its variant: its build is no longer kept (HOSTING_RELEASES_KEPT)`,
    );
  },
  deploymentNotReleased(): PlatformError {
    return Errors.unprocessable(
      ReleaseErrorCode.DEPLOYMENT_NOT_RELEASED,
      'this deployment made no release (it is still running, failed, or changed nothing): roll back to one that published a build',
    );
  },
};
