import type { SecretRedactor } from '../secrets';
import type { OperationFailure } from './operation-failure';

/**
 * Redacts, in place, what a served operation says of its failure: its message and the failure's
 * firstError (stored redacted already; served redacted again with the secrets of the time).
 */
export function redactOperationFailure(
  operation: { failureMessage: string | null; failure: OperationFailure | null },
  redactor: SecretRedactor,
): void {
  if (redactor.size === 0) return;
  if (operation.failureMessage !== null) operation.failureMessage = redactor.redact(operation.failureMessage);
  if (operation.failure?.firstError)
    operation.failure = { ...operation.failure, firstError: redactor.redact(operation.failure.firstError) };
}
