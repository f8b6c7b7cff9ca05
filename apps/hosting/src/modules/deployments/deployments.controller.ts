import { Body, Controller, Get, Param, Query, Res } from '@nestjs/common';
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
import type { FastifyReply } from 'fastify';
import { AppParams } from '../apps/apps.request';
import { HOSTING_RATE_LIMITS } from '../../config/hosting-rate-limits';
import { CreateDeploymentOperation } from './deployments.operations';
import { CreateDeploymentRequest, DeploymentListQuery, DeploymentParams } from './deployments.request';
import {
  DeploymentLogsResponse,
  DeploymentResponse,
  NodejsDeploymentListResponse,
  NodejsDeploymentResponse,
  deploymentPath,
  toDeploymentLogsResponse,
  toDeploymentResponse,
  toNodejsDeploymentList,
  toNodejsDeploymentResponse,
} from './deployments.response';
import { DeploymentsService } from './deployments.service';

/** Deployments of /v1/hosting (docs/hosting.md, Deployments). */
@ApiTags('hosting deployments')
@ApiBearerAuth()
@ApiResponse({ status: 400, description: 'INVALID_FORMAT / INVALID_BODY with details[].issue' })
@ApiResponse({ status: 404, description: 'APP_NOT_FOUND, DEPLOYMENT_NOT_FOUND' })
@ApiResponse({ status: 429, description: 'Per-client-IP limit (X-RateLimit-*, Retry-After)' })
@Controller('v1/hosting/apps/:appId/deployments')
export class DeploymentsController {
  constructor(private readonly deployments: DeploymentsService) {}

  @CreateDeploymentOperation({
    status: 202,
    scope: 'hosting.deployment:execute',
    summary: 'Publish the build running in PREVIEW to PUBLISH (same build again: a no-op)',
    response: ApiAcceptedResponse({ type: DeploymentResponse }),
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Body() _body: CreateDeploymentRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeploymentResponse> {
    const operation = await this.deployments.create(principal.accountId, params.appId);
    reply.header('Location', deploymentPath(operation.appId, operation.id));
    return toDeploymentResponse(operation);
  }

  @Get(':deploymentId')
  @IpRateLimit(HOSTING_RATE_LIMITS.poll)
  @RequiresScopes('hosting.application:read')
  @ApiOperation({ summary: 'Poll a deployment until COMPLETED or FAILED; carries its build log lines' })
  @ApiOkResponse({ type: DeploymentResponse })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DeploymentParams,
  ): Promise<DeploymentResponse> {
    const view = await this.deployments.view(principal.accountId, params.appId, params.deploymentId);
    return toDeploymentResponse(view.operation, view.logs);
  }

  @Get(':deploymentId/logs')
  @IpRateLimit(HOSTING_RATE_LIMITS.poll)
  @RequiresScopes('hosting.application:read')
  @ApiOperation({ summary: 'Build logs of a deployment, also while it runs' })
  @ApiOkResponse({ type: DeploymentLogsResponse })
  async logs(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DeploymentParams,
  ): Promise<DeploymentLogsResponse> {
    const view = await this.deployments.view(principal.accountId, params.appId, params.deploymentId);
    return toDeploymentLogsResponse(view.operation, view.logs);
  }
}

/** Deployments of the earlier namespace, on the same records. */
@ApiTags('hosting nodejs (earlier namespace)')
@ApiBearerAuth()
@Controller('v1/hosting/nodejs/apps/:appId/deployments')
export class NodejsDeploymentsController {
  constructor(private readonly deployments: DeploymentsService) {}

  @CreateDeploymentOperation({
    status: 200,
    scope: 'hosting.paas.deploy:execute',
    summary: 'Publish the preview build; 200 with the deployment record (status pending)',
    response: ApiOkResponse({ type: NodejsDeploymentResponse }),
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Body() _body: CreateDeploymentRequest,
  ): Promise<NodejsDeploymentResponse> {
    return toNodejsDeploymentResponse(await this.deployments.create(principal.accountId, params.appId));
  }

  @Get()
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.paas.apps:read')
  @ApiOperation({ summary: 'Past deployments, newest first' })
  @ApiOkResponse({ type: NodejsDeploymentListResponse })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Query() query: DeploymentListQuery,
  ): Promise<NodejsDeploymentListResponse> {
    return toNodejsDeploymentList(
      await this.deployments.list(principal.accountId, params.appId, query.limit),
    );
  }
}
