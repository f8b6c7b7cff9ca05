import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ErrorSummaryResponse } from '../apps/apps.response';
import { FAILURE_CODES, FAILURE_PHASES } from './operation-failure';
import type { OperationFailure } from './operation-failure';

/** docs/hosting.md, "Failures that say why". */
export class FailureResponse {
  @ApiProperty({
    enum: FAILURE_PHASES,
    description:
      'The step that failed: INSTALL (npm), BUILD (archive, package.json, build script, start command), START (exited or refused before listening), PORT (never listened on PORT in time), HEALTH_CHECK (health-gated deploys), RESOURCES (over its memory or process bound). Open enum',
  })
  phase!: string;

  @ApiProperty({ enum: FAILURE_CODES, description: 'Stable code of the cause. Open enum' })
  code!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'The first relevant line the failing step wrote (secret values replaced by [secret:NAME]); null when it wrote none',
  })
  firstError!: string | null;

  @ApiProperty({ description: 'What to do about it' })
  hint!: string;
}

export class OperationErrorResponse extends ErrorSummaryResponse {
  @ApiPropertyOptional({
    type: FailureResponse,
    description:
      'Which phase of the app failed and why; absent for failures that are not the app’s (SUPERSEDED, APP_NOT_FOUND, BUILD_NOT_FOUND, retries exhausted) and for operations that failed before it was recorded',
  })
  failure?: FailureResponse;
}

export const toFailureResponse = (failure: OperationFailure): FailureResponse => ({
  phase: failure.phase,
  code: failure.code,
  firstError: failure.firstError,
  hint: failure.hint,
});

/** The error of a FAILED import or deployment: its code and message, and its failure when recorded. */
export function toOperationError(
  operation: { failureCode: string | null; failureMessage: string | null; failure: OperationFailure | null },
  fallbackMessage: string,
): OperationErrorResponse {
  const error: OperationErrorResponse = {
    code: operation.failureCode ?? 'FAILED',
    message: operation.failureMessage ?? fallbackMessage,
  };
  if (operation.failure) error.failure = toFailureResponse(operation.failure);
  return error;
}
