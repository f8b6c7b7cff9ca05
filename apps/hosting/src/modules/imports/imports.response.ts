import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OperationStatus } from '@platform/queue';
import { LinkResponse, appPath } from '../apps/apps.response';
import { formatLogLine } from '../build-logs';
import type { BuildLogLineEntity } from '../build-logs';
import {
  FailureResponse,
  OperationErrorResponse,
  toFailureResponse,
  toOperationError,
} from '../failures/failure.response';
import type { ImportOperationEntity } from './import-operation.entity';

export const importPath = (appId: string, importId: string): string =>
  `${appPath(appId)}/imports/${importId}`;

export class ImportOperationResponse {
  @ApiProperty({ format: 'uuid' }) importId!: string;
  @ApiProperty({ enum: ['EXECUTING', 'COMPLETED', 'FAILED'], description: 'Open enum' }) status!: string;
  @ApiProperty({ example: 'NODEJS-aBcDeFgHiJ' }) appId!: string;
  @ApiPropertyOptional({
    type: OperationErrorResponse,
    description: 'Only when FAILED; `failure` says which phase of the app failed and why',
  })
  error?: OperationErrorResponse;
  @ApiPropertyOptional({
    type: [String],
    description: 'Build log lines so far, in order (opaque strings); present once the build wrote one',
  })
  logs?: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: [LinkResponse], description: 'self (the poll target), logs, app, status' })
  links!: LinkResponse[];
}

export function toImportResponse(
  operation: ImportOperationEntity,
  logs: BuildLogLineEntity[] = [],
): ImportOperationResponse {
  const response: ImportOperationResponse = {
    importId: operation.id,
    status: operation.status,
    appId: operation.appId,
    createdAt: operation.createdAt.toISOString(),
    updatedAt: operation.updatedAt.toISOString(),
    links: [
      { rel: 'self', href: importPath(operation.appId, operation.id) },
      { rel: 'logs', href: `${importPath(operation.appId, operation.id)}/logs` },
      { rel: 'app', href: appPath(operation.appId) },
      { rel: 'status', href: `${appPath(operation.appId)}/status` },
    ],
  };
  if (operation.status === OperationStatus.FAILED)
    response.error = toOperationError(operation, 'the import failed');
  if (logs.length > 0) response.logs = logs.map(formatLogLine);
  return response;
}

export class ImportLogsResponse {
  @ApiProperty({ format: 'uuid' }) importId!: string;
  @ApiProperty({
    type: [String],
    description:
      'Ordered opaque lines `<ISO timestamp> <STDOUT|STDERR|SYSTEM> <message>` (the last 2000): install, build and start; empty before the worker starts',
  })
  lines!: string[];
  @ApiProperty({ type: [LinkResponse], description: 'self, import' }) links!: LinkResponse[];
}

export function toImportLogsResponse(
  operation: ImportOperationEntity,
  logs: BuildLogLineEntity[],
): ImportLogsResponse {
  const operationPath = importPath(operation.appId, operation.id);
  return {
    importId: operation.id,
    lines: logs.map(formatLogLine),
    links: [
      { rel: 'self', href: `${operationPath}/logs` },
      { rel: 'import', href: operationPath },
    ],
  };
}

/** Earlier namespace: POST /v1/hosting/nodejs/apps/{appId}/source answers the upload job's id. */
export class SourceUploadResponse {
  @ApiProperty({ format: 'uuid', description: 'Poll GET …/source/status?jobId=' }) jobId!: string;
}

export class SourceStatusResponse {
  @ApiProperty({ format: 'uuid' }) jobId!: string;
  @ApiProperty({ enum: ['pending', 'active', 'failed'] }) status!: string;
  @ApiPropertyOptional({ description: '`<code>: <message>` when failed' }) errorMessage?: string;
  @ApiPropertyOptional({
    type: FailureResponse,
    description:
      'When failed in a phase of the app: which phase and why (the same object as /v1/hosting’s error.failure)',
  })
  failure?: FailureResponse;
  @ApiPropertyOptional({ type: [String] }) logs?: string[];
}

const EARLIER_STATUS: Record<string, string> = {
  [OperationStatus.EXECUTING]: 'pending',
  [OperationStatus.COMPLETED]: 'active',
  [OperationStatus.FAILED]: 'failed',
};

export function toSourceStatusResponse(
  operation: ImportOperationEntity,
  logs: BuildLogLineEntity[] = [],
): SourceStatusResponse {
  const response: SourceStatusResponse = {
    jobId: operation.id,
    status: EARLIER_STATUS[operation.status] ?? operation.status.toLowerCase(),
  };
  if (operation.status === OperationStatus.FAILED) {
    response.errorMessage = `${operation.failureCode ?? 'FAILED'}: ${operation.failureMessage ?? 'the upload failed'}`;
    if (operation.failure) response.failure = toFailureResponse(operation.failure);
  }
  if (logs.length > 0) response.logs = logs.map(formatLogLine);
  return response;
}
