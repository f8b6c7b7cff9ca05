import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OperationStatus } from '@platform/queue';
import { LinkResponse, appPath } from '../apps/apps.response';
import { formatLogLine } from '../build-logs';
import type { BuildLogLineEntity } from '../build-logs';
import { FailureResponse, OperationErrorResponse, toOperationError } from '../failures/failure.response';
import type { DeploymentOperationEntity } from './deployment-operation.entity';
import type { DeploymentList } from './deployments.service';

export const deploymentPath = (appId: string, deploymentId: string): string =>
  `${appPath(appId)}/deployments/${deploymentId}`;

const failure = (operation: DeploymentOperationEntity): OperationErrorResponse =>
  toOperationError(operation, 'the deployment failed');

export class DeploymentResponse {
  @ApiProperty({ format: 'uuid' }) deploymentId!: string;
  @ApiProperty({ enum: ['EXECUTING', 'COMPLETED', 'FAILED'], description: 'Open enum' }) status!: string;
  @ApiProperty({ example: 'NODEJS-aBcDeFgHiJ' }) appId!: string;
  @ApiProperty({ format: 'uuid', description: 'The import whose build is published' }) importId!: string;
  @ApiProperty({
    enum: ['PREVIEW', 'PUBLISH'],
    description: 'The variant it starts the build in (PREVIEW only for a rollback of PREVIEW)',
  })
  variant!: string;
  @ApiPropertyOptional({
    format: 'uuid',
    description: 'For a rollback: the release whose build and secrets it runs again (nothing built)',
  })
  rollbackOfReleaseId?: string;
  @ApiPropertyOptional({
    description: 'When COMPLETED: true when PUBLISH already ran this build (nothing was restarted)',
  })
  noOp?: boolean;
  @ApiPropertyOptional({
    type: OperationErrorResponse,
    description: 'Only when FAILED; `failure` says which phase of the app failed and why',
  })
  error?: OperationErrorResponse;
  @ApiPropertyOptional({
    type: [String],
    description: 'The build log lines so far (same as …/logs); present once one was written',
  })
  logs?: string[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({
    type: [LinkResponse],
    description: 'self (the poll target, also Location), logs, app, status',
  })
  links!: LinkResponse[];
}

export function toDeploymentResponse(
  operation: DeploymentOperationEntity,
  logs: BuildLogLineEntity[] = [],
): DeploymentResponse {
  const self = deploymentPath(operation.appId, operation.id);
  const response: DeploymentResponse = {
    deploymentId: operation.id,
    status: operation.status,
    appId: operation.appId,
    importId: operation.importId,
    variant: operation.variant,
    createdAt: operation.createdAt.toISOString(),
    updatedAt: operation.updatedAt.toISOString(),
    links: [
      { rel: 'self', href: self },
      { rel: 'logs', href: `${self}/logs` },
      { rel: 'app', href: appPath(operation.appId) },
      { rel: 'status', href: `${appPath(operation.appId)}/status` },
    ],
  };
  if (operation.rollbackOfReleaseId) response.rollbackOfReleaseId = operation.rollbackOfReleaseId;
  if (operation.status === OperationStatus.COMPLETED) response.noOp = operation.noOp === true;
  if (operation.status === OperationStatus.FAILED) response.error = failure(operation);
  if (logs.length > 0) response.logs = logs.map(formatLogLine);
  return response;
}

/** Spec "Deployment build logs". */
export class DeploymentLogsResponse {
  @ApiProperty({ format: 'uuid' }) deploymentId!: string;
  @ApiProperty({
    type: [String],
    description:
      'Ordered opaque lines `<ISO timestamp> <STDOUT|STDERR|SYSTEM> <message>`: the import’s build, then the deployment’s steps; empty before the worker starts',
  })
  lines!: string[];
  @ApiProperty({ type: [LinkResponse], description: 'self, deployment' }) links!: LinkResponse[];
}

export function toDeploymentLogsResponse(
  operation: DeploymentOperationEntity,
  logs: BuildLogLineEntity[],
): DeploymentLogsResponse {
  const deployment = deploymentPath(operation.appId, operation.id);
  return {
    deploymentId: operation.id,
    lines: logs.map(formatLogLine),
    links: [
      { rel: 'self', href: `${deployment}/logs` },
      { rel: 'deployment', href: deployment },
    ],
  };
}

/** Earlier namespace's deployment status: pending (queued), deploying (the worker runs it), deployed, failed. */
export function earlierDeploymentStatus(operation: DeploymentOperationEntity): string {
  if (operation.status === OperationStatus.COMPLETED) return 'deployed';
  if (operation.status === OperationStatus.FAILED) return 'failed';
  return operation.attempts > 0 ? 'deploying' : 'pending';
}

export class NodejsDeploymentResponse {
  @ApiProperty({ format: 'uuid' }) deploymentId!: string;
  @ApiProperty({ enum: ['pending', 'deploying', 'deployed', 'failed'], description: 'Open enum' })
  status!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Always null: sources are uploads, not git' })
  commitHash!: null;
}

export const toNodejsDeploymentResponse = (
  operation: DeploymentOperationEntity,
): NodejsDeploymentResponse => ({
  deploymentId: operation.id,
  status: earlierDeploymentStatus(operation),
  commitHash: null,
});

export class NodejsDeploymentItem {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ['pending', 'deploying', 'deployed', 'failed'], description: 'Open enum' })
  status!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Always null (no git sources)' }) gitHash!: null;
  @ApiProperty({ type: String, nullable: true, description: '`<code>: <message>` when failed' })
  errorMessage!: string | null;
  @ApiPropertyOptional({
    type: FailureResponse,
    description:
      'When failed in a phase of the app: which phase and why (the same object as /v1/hosting’s error.failure)',
  })
  failure?: FailureResponse;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class NodejsDeploymentListResponse {
  @ApiProperty({ type: [NodejsDeploymentItem], description: 'Newest first' })
  deployments!: NodejsDeploymentItem[];
  @ApiProperty({ description: 'All deployments of the app' }) totalCount!: number;
  @ApiProperty({ description: 'More than `limit` exist' }) hasMore!: boolean;
}

export function toNodejsDeploymentList(list: DeploymentList): NodejsDeploymentListResponse {
  return {
    deployments: list.items.map((operation) => {
      const error = operation.status === OperationStatus.FAILED ? failure(operation) : null;
      const item: NodejsDeploymentItem = {
        id: operation.id,
        status: earlierDeploymentStatus(operation),
        gitHash: null,
        errorMessage: error ? `${error.code}: ${error.message}` : null,
        createdAt: operation.createdAt.toISOString(),
        updatedAt: operation.updatedAt.toISOString(),
      };
      if (error?.failure) item.failure = error.failure;
      return item;
    }),
    totalCount: list.totalCount,
    hasMore: list.totalCount > list.items.length,
  };
}
