import { Errors, PlatformError } from '@platform/errors';

/** Codes of hosting errors (`name` and `details[].issue` of the commerce error object; docs/errors.md). */
export const HostingErrorCode = {
  APP_NOT_FOUND: 'APP_NOT_FOUND',
  OPERATION_NOT_FOUND: 'OPERATION_NOT_FOUND',
  JOB_NOT_FOUND: 'JOB_NOT_FOUND',
  SUBSCRIPTION_NOT_FOUND: 'SUBSCRIPTION_NOT_FOUND',
  NO_CAPACITY: 'NO_CAPACITY',
  IMPORT_NOT_FOUND: 'IMPORT_NOT_FOUND',
  APP_NOT_ACTIVE: 'APP_NOT_ACTIVE',
  DEPLOYMENT_NOT_FOUND: 'DEPLOYMENT_NOT_FOUND',
  SUBSCRIPTION_REQUIRED: 'SUBSCRIPTION_REQUIRED',
  NO_PREVIEW_BUILD: 'NO_PREVIEW_BUILD',
} as const;

/** Resources of another account answer exactly like missing ones (404, never 403). */
export const HostingErrors = {
  appNotFound(): PlatformError {
    return Errors.notFound('no such app', HostingErrorCode.APP_NOT_FOUND);
  },
  operationNotFound(): PlatformError {
    return Errors.notFound('no such app operation', HostingErrorCode.OPERATION_NOT_FOUND);
  },
  jobNotFound(): PlatformError {
    return Errors.notFound('no such job', HostingErrorCode.JOB_NOT_FOUND);
  },
  subscriptionNotFound(message = 'no such subscription'): PlatformError {
    return Errors.notFound(message, HostingErrorCode.SUBSCRIPTION_NOT_FOUND);
  },
  noCapacity(message: string): PlatformError {
    return Errors.conflict(HostingErrorCode.NO_CAPACITY, message);
  },
  importNotFound(): PlatformError {
    return Errors.notFound('no such import', HostingErrorCode.IMPORT_NOT_FOUND);
  },
  appNotActive(): PlatformError {
    return Errors.conflict(
      HostingErrorCode.APP_NOT_ACTIVE,
      'the app is not ACTIVE yet (or its creation failed)',
    );
  },
  deploymentNotFound(): PlatformError {
    return Errors.notFound('no such deployment', HostingErrorCode.DEPLOYMENT_NOT_FOUND);
  },
  subscriptionRequired(): PlatformError {
    return Errors.unprocessable(
      HostingErrorCode.SUBSCRIPTION_REQUIRED,
      'a Node.js app is published only on a hosting plan: attach one with PUT …/subscription first',
    );
  },
  noPreviewBuild(): PlatformError {
    return Errors.unprocessable(
      HostingErrorCode.NO_PREVIEW_BUILD,
      'nothing runs in PREVIEW yet: import source first (POST …/imports) and wait for it to complete',
    );
  },
};
