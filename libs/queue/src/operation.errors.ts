/** Failure codes the runner itself writes to `failureCode`; handlers bring their own via PermanentFailure. */
export const OperationFailureCode = {
  /** The last allowed attempt threw an ordinary (retryable) error. */
  RETRIES_EXHAUSTED: 'RETRIES_EXHAUSTED',
  /** The handler threw BullMQ's UnrecoverableError instead of a PermanentFailure. */
  UNRECOVERABLE: 'UNRECOVERABLE',
  /** BullMQ failed the job without the runner seeing the error (e.g. stalled more than maxStalledCount). */
  JOB_FAILED: 'JOB_FAILED',
} as const;

export type OperationFailureCode = (typeof OperationFailureCode)[keyof typeof OperationFailureCode];

/**
 * Thrown by a handler when retrying cannot help (bad input, a resource that is gone): the record
 * becomes FAILED at once with this code and message, and BullMQ does not retry the job.
 */
export class PermanentFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PermanentFailure';
  }
}
