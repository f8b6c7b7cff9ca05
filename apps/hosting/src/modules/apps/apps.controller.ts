import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { IpRateLimit } from '@platform/rate-limit';
import type { FastifyReply } from 'fastify';
import { HOSTING_RATE_LIMITS } from '../../config/hosting-rate-limits';
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
@ApiTags('hosting apps')
@ApiBearerAuth()
@ApiHeader({ name: 'X-Request-Id', required: false, description: 'uuid; echoed' })
@ApiResponse({ status: 400, description: 'INVALID_REQUEST with details[].issue per bad input' })
@ApiResponse({ status: 429, description: 'Per-client-IP limit (X-RateLimit-*, Retry-After)' })
@Controller('v1/hosting')
export class AppsController {
  constructor(private readonly apps: AppsService) {}

  @Post('apps')
  @HttpCode(202)
  @IpRateLimit(HOSTING_RATE_LIMITS.write)
  @RequiresScopes('hosting.application:create')
  @ApiOperation({
    summary: 'Create an app (asynchronous; not idempotent: after a 5xx list the apps before retrying)',
  })
  @ApiAcceptedResponse({ type: AppOperationResponse, headers: { Location: { description: 'Poll target' } } })
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
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.application:read')
  @ApiOperation({ summary: "The caller's apps, newest first, keyset paged" })
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
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.application:read')
  @ApiOperation({ summary: 'One app of the caller' })
  @ApiOkResponse({ type: ApplicationResponse })
  @ApiResponse({ status: 404, description: 'APP_NOT_FOUND' })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
  ): Promise<ApplicationResponse> {
    return toApplicationResponse(await this.apps.get(principal.accountId, params.appId));
  }

  @Get('app-operations/:operationId')
  @IpRateLimit(HOSTING_RATE_LIMITS.poll)
  @RequiresScopes('hosting.application:read')
  @ApiOperation({ summary: 'Poll an app operation until COMPLETED or FAILED' })
  @ApiOkResponse({ type: AppOperationResponse })
  @ApiResponse({ status: 404, description: 'OPERATION_NOT_FOUND (also for another account’s)' })
  async operation(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppOperationParams,
  ): Promise<AppOperationResponse> {
    return toAppOperationResponse(await this.apps.operationView(principal.accountId, params.operationId));
  }
}
