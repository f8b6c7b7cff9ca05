import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { IpRateLimit } from '@platform/rate-limit';
import { PlatformError } from '@platform/errors';
import { AppsService } from '../apps/apps.service';
import { HOSTING_RATE_LIMITS } from '../../config/hosting-rate-limits';
import { AppParams, ListAppsQuery } from '../apps/apps.request';
import { appListBinding, decodePageToken } from '../apps/page-token';
import { CreateNodejsAppRequest, NodejsJobParams } from './nodejs-apps.request';
import { NodejsAppErrors } from './nodejs-apps.errors';
import {
  NODEJS_APPS_LIST_PATH,
  NodejsAppListResponse,
  NodejsAppResponse,
  NodejsJobAcceptedResponse,
  NodejsJobStatusResponse,
  toNodejsApp,
  toNodejsAppList,
  toNodejsJobAccepted,
  toNodejsJobStatus,
} from './nodejs-apps.response';

/**
 * The earlier namespace (/v1/hosting/nodejs) over the same AppsService: a job is an app operation,
 * its id the operation id, so both namespaces see the same apps.
 */
@ApiTags('hosting nodejs (earlier namespace)')
@ApiBearerAuth()
@ApiResponse({ status: 400, description: 'INVALID_REQUEST' })
@ApiResponse({ status: 429, description: 'Per-client-IP limit' })
@Controller('v1/hosting/nodejs/apps')
export class NodejsAppsController {
  constructor(private readonly apps: AppsService) {}

  @Post()
  @HttpCode(202)
  @IpRateLimit(HOSTING_RATE_LIMITS.write)
  @RequiresScopes('hosting.paas.apps:create')
  @ApiOperation({ summary: 'Create a Node.js app (asynchronous job; not idempotent)' })
  @ApiAcceptedResponse({ type: NodejsJobAcceptedResponse })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateNodejsAppRequest,
  ): Promise<NodejsJobAcceptedResponse> {
    return toNodejsJobAccepted(await this.apps.create(principal.accountId, 'NODEJS', body.name));
  }

  @Get('jobs/:jobId')
  @IpRateLimit(HOSTING_RATE_LIMITS.poll)
  @RequiresScopes('hosting.paas.apps:read', 'hosting.paas.apps:create')
  @ApiOperation({ summary: 'Poll an app job until active or failed' })
  @ApiOkResponse({ type: NodejsJobStatusResponse })
  @ApiResponse({ status: 404, description: 'JOB_NOT_FOUND' })
  async job(
    @CurrentPrincipal() principal: Principal,
    @Param() params: NodejsJobParams,
  ): Promise<NodejsJobStatusResponse> {
    try {
      return toNodejsJobStatus(await this.apps.operationView(principal.accountId, params.jobId));
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) throw NodejsAppErrors.jobNotFound();
      throw error;
    }
  }

  @Get()
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.paas.apps:read')
  @ApiOperation({ summary: 'The caller’s apps, newest first (keyset paged: pageSize, pageToken)' })
  @ApiOkResponse({ type: NodejsAppListResponse })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ListAppsQuery,
  ): Promise<NodejsAppListResponse> {
    const binding = appListBinding(NODEJS_APPS_LIST_PATH, principal.accountId, query);
    const after = query.pageToken === undefined ? undefined : decodePageToken(query.pageToken, binding);
    const page = await this.apps.list(principal.accountId, {
      appType: query.appType,
      pageSize: query.pageSize,
      after,
    });
    return toNodejsAppList(page, query, principal.accountId);
  }

  @Get(':appId')
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.paas.apps:read')
  @ApiOperation({ summary: 'One app of the caller' })
  @ApiOkResponse({ type: NodejsAppResponse })
  @ApiResponse({ status: 404, description: 'APP_NOT_FOUND' })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
  ): Promise<NodejsAppResponse> {
    return toNodejsApp(await this.apps.get(principal.accountId, params.appId));
  }
}
