import { Body, Controller, Get, Param, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import { CurrentPrincipal } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { PlatformError } from '@platform/errors';
import { ApiBearerController } from '@platform/service-kit';
import { CreateAppOperation, HostingOperation } from '../apps/apps.operations';
import { AppsService } from '../apps/apps.service';
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
@ApiBearerController({
  tag: 'hosting nodejs (earlier namespace)',
  errors: { 400: 'INVALID_REQUEST', 429: 'Per-client-IP limit' },
})
@Controller('v1/hosting/nodejs/apps')
export class NodejsAppsController {
  constructor(private readonly apps: AppsService) {}

  @CreateAppOperation({
    scope: 'hosting.paas.apps:create',
    summary: 'Create a Node.js app (asynchronous job; not idempotent)',
    response: ApiAcceptedResponse({ type: NodejsJobAcceptedResponse }),
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateNodejsAppRequest,
  ): Promise<NodejsJobAcceptedResponse> {
    return toNodejsJobAccepted(await this.apps.create(principal.accountId, 'NODEJS', body.name));
  }

  @Get('jobs/:jobId')
  @HostingOperation(
    'poll',
    'Poll an app job until active or failed',
    'hosting.paas.apps:read',
    'hosting.paas.apps:create',
  )
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
  @HostingOperation(
    'read',
    'The caller’s apps, newest first (keyset paged: pageSize, pageToken)',
    'hosting.paas.apps:read',
  )
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
  @HostingOperation('read', 'One app of the caller', 'hosting.paas.apps:read')
  @ApiOkResponse({ type: NodejsAppResponse })
  @ApiResponse({ status: 404, description: 'APP_NOT_FOUND' })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
  ): Promise<NodejsAppResponse> {
    return toNodejsApp(await this.apps.get(principal.accountId, params.appId));
  }
}
