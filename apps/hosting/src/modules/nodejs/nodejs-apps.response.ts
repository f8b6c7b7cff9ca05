import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { OperationStatus } from '@platform/queue';
import type { AppOperationEntity } from '../apps/app-operation.entity';
import { HOSTING_BASE, LinkResponse, appPageLinks } from '../apps/apps.response';

/** The earlier namespace's app list (its page tokens are bound to it). */
export const NODEJS_APPS_LIST_PATH = `${HOSTING_BASE}/nodejs/apps`;
import type { AppOperationView, AppPage, AppView } from '../apps/apps.service';

export const JOB_STATUSES = ['pending', 'active', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** EXECUTING → pending (the earlier namespace's in-progress value), COMPLETED → active, FAILED → failed. */
export function jobStatusOf(status: OperationStatus): JobStatus {
  if (status === 'COMPLETED') return 'active';
  if (status === 'FAILED') return 'failed';
  return 'pending';
}

export class NodejsJobResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: JOB_STATUSES }) status!: string;
  @ApiProperty({ example: 'NODEJS-aBcDeFgHiJ' }) appId!: string;
  @ApiPropertyOptional({ description: 'Only when failed' }) errorMessage?: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class NodejsVariantResponse {
  @ApiProperty({ enum: ['preview', 'publish'] }) name!: string;
  @ApiProperty({ example: 'stopped' }) status!: string;
}

export class NodejsAppUrlsResponse {
  @ApiProperty({ type: String, nullable: true }) preview!: string | null;
  @ApiProperty({ type: String, nullable: true }) publish!: string | null;
}

export class NodejsAppResponse {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'active' }) status!: string;
  @ApiProperty({ type: NodejsAppUrlsResponse }) urls!: NodejsAppUrlsResponse;
  @ApiProperty({ type: [NodejsVariantResponse] }) variants!: NodejsVariantResponse[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
}

export class NodejsJobAcceptedResponse {
  @ApiProperty({ format: 'uuid' }) jobId!: string;
  @ApiProperty({ type: NodejsJobResponse }) job!: NodejsJobResponse;
}

export class NodejsJobStatusResponse {
  @ApiProperty({ type: NodejsJobResponse }) job!: NodejsJobResponse;
  @ApiPropertyOptional({ type: NodejsAppResponse, description: 'Once the job is active' })
  app?: NodejsAppResponse;
}

function toJob(op: AppOperationEntity): NodejsJobResponse {
  const job: NodejsJobResponse = {
    id: op.id,
    status: jobStatusOf(op.status),
    appId: op.appId,
    createdAt: op.createdAt.toISOString(),
    updatedAt: op.updatedAt.toISOString(),
  };
  if (op.status === 'FAILED') job.errorMessage = op.failureMessage ?? op.failureCode ?? 'failed';
  return job;
}

export function toNodejsApp(view: AppView): NodejsAppResponse {
  return {
    id: view.app.appId,
    name: view.app.name,
    status: view.status.toLowerCase(),
    urls: { ...view.urls },
    variants: view.environments.map((e) => ({
      name: e.variant.toLowerCase(),
      status: e.desiredState === 'RUNNING' ? 'running' : 'stopped',
    })),
    createdAt: view.app.createdAt.toISOString(),
    updatedAt: view.app.updatedAt.toISOString(),
  };
}

export function toNodejsJobAccepted(op: AppOperationEntity): NodejsJobAcceptedResponse {
  return { jobId: op.id, job: toJob(op) };
}

export function toNodejsJobStatus(view: AppOperationView): NodejsJobStatusResponse {
  const response: NodejsJobStatusResponse = { job: toJob(view.operation) };
  if (view.app) response.app = toNodejsApp(view.app);
  return response;
}

export class NodejsAppListResponse {
  @ApiProperty({ type: [NodejsAppResponse], description: 'The caller’s apps, newest first' })
  apps!: NodejsAppResponse[];
  @ApiProperty({ type: [LinkResponse], description: 'self; next while more apps follow (extension)' })
  links!: LinkResponse[];
}

export function toNodejsAppList(
  page: AppPage,
  query: { appType?: string; pageSize: number; pageToken?: string },
  accountId: string,
): NodejsAppListResponse {
  return {
    apps: page.items.map(toNodejsApp),
    links: appPageLinks(NODEJS_APPS_LIST_PATH, page, query, accountId),
  };
}
