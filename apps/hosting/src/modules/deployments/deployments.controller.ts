import { Body, Controller, Get, Headers, Param, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { ApiBearerController } from '@platform/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogStreamsService, streamResponse, wantsEventStream } from '../app-logs/log-streams.service';
import { HostingOperation } from '../apps/apps.operations';
import { AppParams } from '../apps/apps.request';
import { BuildLogQuery } from '../build-logs';
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
@ApiBearerController({
  tag: 'hosting deployments',
  errors: {
    400: 'INVALID_FORMAT / INVALID_BODY with details[].issue',
    404: 'APP_NOT_FOUND, DEPLOYMENT_NOT_FOUND',
    429: 'Per-client-IP limit (X-RateLimit-*, Retry-After)',
  },
})
@Controller('v1/hosting/apps/:appId/deployments')
export class DeploymentsController {
  constructor(
    private readonly deployments: DeploymentsService,
    private readonly streams: LogStreamsService,
  ) {}

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
  @HostingOperation(
    'poll',
    'Poll a deployment until COMPLETED or FAILED; carries its build log lines',
    'hosting.application:read',
  )
  @ApiOkResponse({ type: DeploymentResponse })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DeploymentParams,
  ): Promise<DeploymentResponse> {
    const view = await this.deployments.view(principal.accountId, params.appId, params.deploymentId);
    return toDeploymentResponse(view.operation, view.logs);
  }

  @Get(':deploymentId/logs')
  @HostingOperation(
    'poll',
    'Build logs of a deployment, also while it runs; live with Accept: text/event-stream or follow=true',
    'hosting.application:read',
  )
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description:
      'Live stream only: the id (line number) of the last event received; the stream resumes right after it',
  })
  @ApiExtraModels(DeploymentLogsResponse)
  @ApiOkResponse({
    description:
      'The build log (application/json); with Accept: text/event-stream, a live stream of Server-Sent Events: each line an event (id: its line number, data: {line}), `: heartbeat` comments, and a last `event: end` ({reason: COMPLETED, …}) once the deployment ended, or `event: cut` for a slow reader',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(DeploymentLogsResponse) } },
      'text/event-stream': { schema: { type: 'string' } },
    },
  })
  async logs(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DeploymentParams,
    @Query() query: BuildLogQuery,
    @Headers('accept') accept: string | undefined,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!wantsEventStream(accept, query.follow)) {
      const view = await this.deployments.view(principal.accountId, params.appId, params.deploymentId);
      await reply.status(200).send(toDeploymentLogsResponse(view.operation, view.logs));
      return;
    }
    const source = await this.deployments.followLogs(principal.accountId, params.appId, params.deploymentId, {
      lastEventId,
      pageToken: query.pageToken,
    });
    await this.streams.run({ principal, req: req.raw, res: streamResponse(reply) }, source);
  }
}

/** Deployments of the earlier namespace, on the same records. */
@ApiBearerController({ tag: 'hosting nodejs (earlier namespace)' })
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
  @HostingOperation('read', 'Past deployments, newest first', 'hosting.paas.apps:read')
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
