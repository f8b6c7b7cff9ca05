import { Errors, PlatformError } from '@platform/errors';

/** Codes of the earlier namespace, /v1/hosting/nodejs (docs/errors.md). */
export const NodejsAppErrorCode = {
  JOB_NOT_FOUND: 'JOB_NOT_FOUND',
} as const;

export const NodejsAppErrors = {
  /** A job is an app operation: a missing one, or one of another account, answers alike (404). */
  jobNotFound(): PlatformError {
    return Errors.notFound('no such job', NodejsAppErrorCode.JOB_NOT_FOUND);
  },
};
