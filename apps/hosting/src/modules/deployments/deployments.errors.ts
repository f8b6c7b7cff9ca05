import { Errors, PlatformError } from '@platform/errors';

/** Codes of the deployments feature (docs/errors.md). */
export const DeploymentErrorCode = {
  DEPLOYMENT_NOT_FOUND: 'DEPLOYMENT_NOT_FOUND',
  SUBSCRIPTION_REQUIRED: 'SUBSCRIPTION_REQUIRED',
  NO_PREVIEW_BUILD: 'NO_PREVIEW_BUILD',
} as const;

/** Codes of a deployment's failure (docs/errors.md, Hosting). */
export const DeploymentFailureCode = {
  /** The build of the deployed import is no longer on disk. */
  BUILD_NOT_FOUND: 'BUILD_NOT_FOUND',
  /** The build did not start in PUBLISH or never accepted connections. */
  START_FAILED: 'START_FAILED',
  /** A newer deployment already runs in PUBLISH; this one was not started. */
  SUPERSEDED: 'SUPERSEDED',
  /** The app's PUBLISH environment is missing (the app is gone). */
  APP_NOT_FOUND: 'APP_NOT_FOUND',
} as const;

export const DeploymentErrors = {
  /** Missing, or of another account's app: alike, 404. */
  deploymentNotFound(): PlatformError {
    return Errors.notFound('no such deployment', DeploymentErrorCode.DEPLOYMENT_NOT_FOUND);
  },
  subscriptionRequired(): PlatformError {
    return Errors.unprocessable(
      DeploymentErrorCode.SUBSCRIPTION_REQUIRED,
      'a Node.js app is published only on a hosting plan: attach one with PUT …/subscription first',
    );
  },
  noPreviewBuild(): PlatformError {
    return Errors.unprocessable(
      DeploymentErrorCode.NO_PREVIEW_BUILD,
      'nothing runs in PREVIEW yet: import source first (POST …/imports) and wait for it to complete',
    );
  },
};
