import { Errors, PlatformError } from '@platform/errors';

/** Codes of the apps feature (`name` and `details[].issue` of the commerce error object; docs/errors.md). */
export const AppErrorCode = {
  APP_NOT_FOUND: 'APP_NOT_FOUND',
  OPERATION_NOT_FOUND: 'OPERATION_NOT_FOUND',
  APP_NOT_ACTIVE: 'APP_NOT_ACTIVE',
} as const;

/**
 * Resources of another account answer exactly like missing ones (404, never 403). The app is the
 * concept of this feature: imports, deployments, subscriptions and secrets throw these too.
 */
export const AppErrors = {
  appNotFound(): PlatformError {
    return Errors.notFound('no such app', AppErrorCode.APP_NOT_FOUND);
  },
  operationNotFound(): PlatformError {
    return Errors.notFound('no such app operation', AppErrorCode.OPERATION_NOT_FOUND);
  },
  appNotActive(): PlatformError {
    return Errors.conflict(AppErrorCode.APP_NOT_ACTIVE, 'the app is not ACTIVE yet (or its creation failed)');
  },
};
