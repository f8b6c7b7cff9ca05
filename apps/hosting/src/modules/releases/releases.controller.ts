import { Body, Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse } from '@nestjs/swagger';
import { CurrentPrincipal } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { ApiBearerController } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { HostingOperation } from '../apps/apps.operations';
import { AppParams } from '../apps/apps.request';
import { CreateDeploymentOperation } from '../deployments/deployments.operations';
import {
  DeploymentResponse,
  deploymentPath,
  toDeploymentResponse,
} from '../deployments/deployments.response';
import { decodeReleasePageToken, releaseListBinding } from './release-page-token';
import { NodejsRollbackRequest, ReleaseListQuery, RollbackRequest } from './releases.request';
import {
  NodejsRollbackResponse,
  ReleasePageResponse,
  toNodejsRollbackResponse,
  toReleasePage,
} from './releases.response';
import { ReleasesService } from './releases.service';

const ROLLBACK_ERRORS = {
  409: 'APP_NOT_ACTIVE, RELEASE_NOT_AVAILABLE (its build is no longer kept)',
  422: 'RELEASE_VARIANT_MISMATCH',
};

/** Releases and rollback of /v1/hosting (docs/hosting.md, "Releases and rollback"). */
@ApiBearerController({
  tag: 'hosting releases',
  errors: {
    400: 'INVALID_REQUEST with details[].issue per bad input',
    404: 'APP_NOT_FOUND, RELEASE_NOT_FOUND',
    429: 'Per-client-IP limit (X-RateLimit-*, Retry-After)',
  },
})
@Controller('v1/hosting/apps/:appId')
export class ReleasesController {
  constructor(private readonly releases: ReleasesService) {}

  @Get('releases')
  @HostingOperation(
    'read',
    'Releases of one variant (?variant=, default PREVIEW), newest first, keyset paged',
    'hosting.application:read',
  )
  @ApiOkResponse({ type: ReleasePageResponse })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Query() query: ReleaseListQuery,
  ): Promise<ReleasePageResponse> {
    const binding = releaseListBinding(params.appId, query.variant, principal.accountId, query.pageSize);
    const below =
      query.pageToken === undefined ? undefined : decodeReleasePageToken(query.pageToken, binding);
    const page = await this.releases.list(
      principal.accountId,
      params.appId,
      query.variant,
      query.pageSize,
      below,
    );
    return toReleasePage(params.appId, principal.accountId, page, query);
  }

  @CreateDeploymentOperation({
    path: 'rollback',
    status: 202,
    scope: 'hosting.deployment:execute',
    summary: 'Run an earlier release of a variant again (its build and secrets; nothing rebuilt)',
    response: ApiAcceptedResponse({ type: DeploymentResponse }),
    errors: ROLLBACK_ERRORS,
  })
  async rollback(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Body() body: RollbackRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeploymentResponse> {
    const operation = await this.releases.rollback(
      principal.accountId,
      params.appId,
      body.variant,
      body.releaseId,
    );
    reply.header('Location', deploymentPath(operation.appId, operation.id));
    return toDeploymentResponse(operation);
  }
}

/** The earlier namespace's rollback, on the same releases. */
@ApiBearerController({ tag: 'hosting nodejs (earlier namespace)' })
@Controller('v1/hosting/nodejs/apps/:appId')
export class NodejsRollbackController {
  constructor(private readonly releases: ReleasesService) {}

  @CreateDeploymentOperation({
    path: 'rollback',
    status: 200,
    scope: 'hosting.paas.deploy:execute',
    summary: 'Run the build a deployment published in PUBLISH again; 200 with the new deployment',
    response: ApiOkResponse({ type: NodejsRollbackResponse }),
    errors: { ...ROLLBACK_ERRORS, 422: 'DEPLOYMENT_NOT_RELEASED' },
  })
  async rollback(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Body() body: NodejsRollbackRequest,
  ): Promise<NodejsRollbackResponse> {
    const { rollbackFrom, operation } = await this.releases.rollbackToDeployment(
      principal.accountId,
      params.appId,
      body.deploymentId,
    );
    return toNodejsRollbackResponse(rollbackFrom, operation);
  }
}
