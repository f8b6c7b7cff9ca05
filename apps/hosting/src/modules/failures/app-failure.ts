import { PermanentFailure } from '@platform/queue';
import type { OperationFailure } from './operation-failure';

/**
 * A permanent failure of an import or a deployment in one of the app's phases: its `code` and
 * message become the operation's error (failure_code, failure_message, as before), and the runner
 * stores `failure` in the operation's `failure` column before rethrowing it.
 */
export class AppFailure extends PermanentFailure {
  constructor(
    code: string,
    message: string,
    readonly failure: OperationFailure,
  ) {
    super(code, message);
  }
}
