import { Body, Controller, Get, Headers, Param, Patch, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiConsumes, ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import { CurrentPrincipal } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { ApiBearerController } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { assertJsonPatchContentType } from '../secret-store/secrets.http';
import { JSON_PATCH_MEDIA_TYPE } from '../secret-store/secrets.request';
import { APP_PATCH_BODY_SCHEMA, parseAppPatch } from './app-patch';
import { CreateAppOperation, HostingOperation } from './apps.operations';
import {
  AppOperationParams,
  AppParams,
  CreateAppQuery,
  CreateAppRequest,
  ListAppsQuery,
} from './apps.request';
import {
  APPS_LIST_PATH,
  AppOperationResponse,
  ApplicationPageResponse,
  ApplicationResponse,
  appOperationPath,
  toAppOperationResponse,
  toApplicationPage,
  toApplicationResponse,
} from './apps.response';
import { AppsService } from './apps.service';
import { appListBinding, decodePageToken } from './page-token';

/** Apps and app operations of /v1/hosting (docs/hosting.md). */
@ApiBearerController({
  tag: 'hosting apps',
  requestId: true,
  errors: {
    400: 'INVALID_REQUEST with details[].issue per bad input',
    429: 'Per-client-IP limit (X-RateLimit-*, Retry-After)',
  },
})
@Controller('v1/hosting')
export class AppsController {
  constructor(private readonly apps: AppsService) {}

  @CreateAppOperation({
    path: 'apps',
    scope: 'hosting.application:create',
    summary: 'Create an app (asynchronous; not idempotent: after a 5xx list the apps before retrying)',
    response: ApiAcceptedResponse({
      type: AppOperationResponse,
      headers: { Location: { description: 'Poll target', schema: { type: 'string' } } },
    }),
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Query() query: CreateAppQuery,
    @Body() body: CreateAppRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AppOperationResponse> {
    const operation = await this.apps.create(principal.accountId, query.appType, body.name);
    reply.header('Location', appOperationPath(operation.id));
    return toAppOperationResponse({ operation });
  }

  @Get('apps')
  @HostingOperation('read', "The caller's apps, newest first, keyset paged", 'hosting.application:read')
  @ApiOkResponse({ type: ApplicationPageResponse })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListAppsQuery,
  ): Promise<ApplicationPageResponse> {
    const binding = appListBinding(APPS_LIST_PATH, principal.accountId, query);
    const after = query.pageToken === undefined ? undefined : decodePageToken(query.pageToken, binding);
    const page = await this.apps.list(principal.accountId, {
      appType: query.appType,
      pageSize: query.pageSize,
      after,
    });
    return toApplicationPage(page, query, principal.accountId);
  }

  @Get('apps/:appId')
  @HostingOperation('read', 'One app of the caller', 'hosting.application:read')
  @ApiOkResponse({ type: ApplicationResponse })
  @ApiResponse({ status: 404, description: 'APP_NOT_FOUND' })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
  ): Promise<ApplicationResponse> {
    return toApplicationResponse(await this.apps.get(principal.accountId, params.appId));
  }

  @Patch('apps/:appId')
  @HostingOperation(
    'write',
    'Rename the app, set instances and health checks per variant (JSON Patch, atomic)',
    'hosting.application:update',
  )
  @ApiConsumes(JSON_PATCH_MEDIA_TYPE)
  @ApiBody({ schema: APP_PATCH_BODY_SCHEMA as object })
  @ApiOkResponse({ type: ApplicationResponse, description: 'The app after the change' })
  @ApiResponse({ status: 404, description: 'APP_NOT_FOUND' })
  @ApiResponse({ status: 409, description: 'APP_NOT_ACTIVE (variant settings before the app is ACTIVE)' })
  @ApiResponse({ status: 415, description: `UNSUPPORTED_MEDIA_TYPE: send ${JSON_PATCH_MEDIA_TYPE}` })
  async patch(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<ApplicationResponse> {
    assertJsonPatchContentType(contentType);
    const changes = parseAppPatch(body);
    return toApplicationResponse(await this.apps.patch(principal.accountId, params.appId, changes));
  }

  @Get('app-operations/:operationId')
  @HostingOperation('poll', 'Poll an app operation until COMPLETED or FAILED', 'hosting.application:read')
  @ApiOkResponse({ type: AppOperationResponse })
  @ApiResponse({ status: 404, description: 'OPERATION_NOT_FOUND (also for another account’s)' })
  async operation(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppOperationParams,
  ): Promise<AppOperationResponse> {
    return toAppOperationResponse(await this.apps.operationView(principal.accountId, params.operationId));
  }
}
