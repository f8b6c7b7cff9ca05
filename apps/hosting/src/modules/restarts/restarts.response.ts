import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OperationStatus } from '@platform/queue';
import { AppStatusResponse } from '../app-runtime/app-status.response';
import { LinkResponse, appPath } from '../apps/apps.response';
import { OperationErrorResponse, toOperationError } from '../failures/failure.response';
import type { RestartOperationEntity } from './restart-operation.entity';

export const restartPath = (appId: string, restartId: string): string =>
  `${appPath(appId)}/restarts/${restartId}`;

export class RestartResponse {
  @ApiProperty({ format: 'uuid' }) restartId!: string;
  @ApiProperty({ enum: ['PREVIEW', 'PUBLISH'] }) variant!: string;
  @ApiProperty({ enum: ['EXECUTING', 'COMPLETED', 'FAILED'], description: 'Open enum' }) status!: string;
  @ApiPropertyOptional({
    type: OperationErrorResponse,
    description:
      'Only when FAILED: RESTART_FAILED with `failure` (the phase a replacement failed in; the instances not yet replaced kept serving) or VARIANT_NOT_RUNNING',
  })
  error?: OperationErrorResponse;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: [LinkResponse], description: 'self (the poll target, also Location), status, app' })
  links!: LinkResponse[];
}

/** The 202 of POST …/restarts: the ApplicationStatus shape, plus the restart it accepted. */
export class RestartAcceptedResponse extends AppStatusResponse {
  @ApiProperty({
    type: RestartResponse,
    description: 'Poll links[rel=self] (the Location) until COMPLETED or FAILED',
  })
  restart!: RestartResponse;
}

export function toRestartResponse(operation: RestartOperationEntity): RestartResponse {
  const response: RestartResponse = {
    restartId: operation.id,
    variant: operation.variant,
    status: operation.status,
    createdAt: operation.createdAt.toISOString(),
    updatedAt: operation.updatedAt.toISOString(),
    links: [
      { rel: 'self', href: restartPath(operation.appId, operation.id) },
      { rel: 'status', href: `${appPath(operation.appId)}/status` },
      { rel: 'app', href: appPath(operation.appId) },
    ],
  };
  if (operation.status === OperationStatus.FAILED)
    response.error = toOperationError(operation, 'the restart failed');
  return response;
}
