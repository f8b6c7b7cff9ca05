import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { APP_TYPES } from './app-id';
import { VARIANTS } from './app-environment.entity';
import type { AppOperationView, AppPage, AppView } from './apps.service';
import { appListBinding, encodePageToken } from './page-token';

export const HOSTING_BASE = '/v1/hosting';
/** The app list (its page tokens are bound to it). */
export const APPS_LIST_PATH = `${HOSTING_BASE}/apps`;
export const appPath = (appId: string): string => `${HOSTING_BASE}/apps/${appId}`;
export const appOperationPath = (operationId: string): string =>
  `${HOSTING_BASE}/app-operations/${operationId}`;

export class LinkResponse {
  @ApiProperty() rel!: string;
  @ApiProperty() href!: string;
}

export class ErrorSummaryResponse {
  @ApiProperty({ example: 'RETRIES_EXHAUSTED' }) code!: string;
  @ApiProperty() message!: string;
}

export class HealthCheckResponse {
  @ApiProperty({ maxLength: 2048, example: '/healthz', description: 'GET this path; 2xx passes' })
  path!: string;
  @ApiProperty({ minimum: 1, maximum: 60, description: 'Seconds between checks' }) intervalS!: number;
  @ApiProperty({ minimum: 1, maximum: 60, description: 'Seconds one check may take' }) timeoutS!: number;
  @ApiProperty({ minimum: 0, maximum: 300, description: 'Seconds an old instance gets after SIGTERM' })
  graceS!: number;
}

export class EnvironmentVariantResponse {
  @ApiProperty({ enum: VARIANTS }) variant!: string;
  @ApiProperty({ enum: ['RUNNING', 'STOPPED'], description: 'Open enum; tolerate other values' })
  status!: string;
  @ApiProperty({ enum: ['PROVISIONED'], description: 'Open enum; tolerate other values' })
  lifecycleState!: string;
  @ApiProperty({ minimum: 1, maximum: 10, description: 'How many instances serve the variant' })
  instances!: number;
  @ApiProperty({
    type: HealthCheckResponse,
    nullable: true,
    description: 'What makes a new instance ready for traffic; null: accepting connections on PORT',
  })
  healthCheck!: HealthCheckResponse | null;
}

export class AppUrlsResponse {
  @ApiProperty({
    type: String,
    nullable: true,
    description: '`<PUBLIC_BASE_URL>/hosted/{appId}/preview/` while PREVIEW runs, else null',
  })
  preview!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      '`<PUBLIC_BASE_URL>/hosted/{appId}/publish/` while PUBLISH runs (after a deployment), else null',
  })
  publish!: string | null;
}

export class ApplicationResponse {
  @ApiProperty({ example: 'NODEJS-aBcDeFgHiJ' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: APP_TYPES }) appType!: string;
  @ApiProperty({ enum: ['CREATING', 'ACTIVE', 'FAILED'], description: 'Open enum' }) status!: string;
  @ApiProperty({ type: AppUrlsResponse }) urls!: AppUrlsResponse;
  @ApiProperty({ type: [EnvironmentVariantResponse], description: 'PREVIEW and PUBLISH once ACTIVE' })
  variants!: EnvironmentVariantResponse[];
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: [LinkResponse] }) links!: LinkResponse[];
}

export class AppOperationResponse {
  @ApiProperty({ format: 'uuid' }) operationId!: string;
  @ApiProperty({ enum: ['EXECUTING', 'COMPLETED', 'FAILED'], description: 'Open enum' }) status!: string;
  @ApiProperty({ example: 'NODEJS-aBcDeFgHiJ', description: 'The app being created' }) appId!: string;
  @ApiPropertyOptional({ type: ApplicationResponse, description: 'Only when COMPLETED' })
  app?: ApplicationResponse;
  @ApiPropertyOptional({ type: ErrorSummaryResponse, description: 'Only when FAILED' })
  error?: ErrorSummaryResponse;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ type: [LinkResponse], description: 'rel=self is the poll target (also Location)' })
  links!: LinkResponse[];
}

export class ApplicationPageResponse {
  @ApiProperty({ type: [ApplicationResponse] }) items!: ApplicationResponse[];
  @ApiProperty({ type: [LinkResponse], description: 'self; next while more apps follow' })
  links!: LinkResponse[];
}

export function toApplicationResponse(view: AppView): ApplicationResponse {
  const { app } = view;
  return {
    id: app.appId,
    name: app.name,
    appType: app.appType,
    status: view.status,
    urls: { ...view.urls },
    variants: view.environments.map((e) => ({
      variant: e.variant,
      status: e.desiredState === 'RUNNING' ? 'RUNNING' : 'STOPPED',
      lifecycleState: 'PROVISIONED',
      instances: e.instances,
      healthCheck: e.healthCheck,
    })),
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
    links: [
      { rel: 'self', href: appPath(app.appId) },
      { rel: 'subscription', href: `${appPath(app.appId)}/subscription` },
    ],
  };
}

export function toAppOperationResponse(view: AppOperationView): AppOperationResponse {
  const op = view.operation;
  const response: AppOperationResponse = {
    operationId: op.id,
    status: op.status,
    appId: op.appId,
    createdAt: op.createdAt.toISOString(),
    updatedAt: op.updatedAt.toISOString(),
    links: [
      { rel: 'self', href: appOperationPath(op.id) },
      { rel: 'app', href: appPath(op.appId) },
    ],
  };
  if (view.app) response.app = toApplicationResponse(view.app);
  if (op.status === 'FAILED')
    response.error = { code: op.failureCode ?? 'UNKNOWN', message: op.failureMessage ?? '' };
  return response;
}

/** self and (while more apps follow) next links of an app list under `listPath`, with its whole query. */
export function appPageLinks(
  listPath: string,
  page: AppPage,
  query: { appType?: string; pageSize: number; pageToken?: string },
  accountId: string,
): LinkResponse[] {
  const href = (pageToken?: string): string => {
    const params = new URLSearchParams();
    if (query.appType) params.set('appType', query.appType);
    params.set('pageSize', String(query.pageSize));
    if (pageToken) params.set('pageToken', pageToken);
    return `${listPath}?${params.toString()}`;
  };
  const links = [{ rel: 'self', href: href(query.pageToken) }];
  if (page.next)
    links.push({
      rel: 'next',
      href: href(encodePageToken(page.next, appListBinding(listPath, accountId, query))),
    });
  return links;
}

export function toApplicationPage(
  page: AppPage,
  query: { appType?: string; pageSize: number; pageToken?: string },
  accountId: string,
): ApplicationPageResponse {
  return {
    items: page.items.map(toApplicationResponse),
    links: appPageLinks(APPS_LIST_PATH, page, query, accountId),
  };
}
