import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ApiAcceptedResponse, ApiHeader, ApiOkResponse } from '@nestjs/swagger';
import { CurrentPrincipal } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { Idempotent } from '@platform/idempotency';
import { ApiBearerController, ApiErrorResponses } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { Repository } from 'typeorm';
import { toAppStatusResponse } from '../app-runtime/app-status.response';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { HostingOperation } from '../apps/apps.operations';
import { AppParams } from '../apps/apps.request';
import { VariantUrls } from '../apps/variant-urls.service';
import { CreateRestartRequest, RestartParams } from './restarts.request';
import {
  RestartAcceptedResponse,
  RestartResponse,
  restartPath,
  toRestartResponse,
} from './restarts.response';
import { RestartsService } from './restarts.service';

/**
 * Restarts of /v1/hosting (docs/hosting.md, "Instances, health checks and restarts"). The earlier
 * `/v1/hosting/nodejs` namespace has no restarts route (its public counterpart has none either).
 */
@ApiBearerController({
  tag: 'hosting apps',
  errors: {
    400: 'INVALID_BODY (variant) / INVALID_FORMAT with details[].issue',
    404: 'APP_NOT_FOUND, RESTART_NOT_FOUND',
    429: 'Per-client-IP limit (X-RateLimit-*, Retry-After)',
  },
})
@Controller('v1/hosting/apps/:appId/restarts')
export class RestartsController {
  constructor(
    private readonly restarts: RestartsService,
    private readonly variantUrls: VariantUrls,
    @InjectRepository(AppEnvironmentEntity) private readonly environments: Repository<AppEnvironmentEntity>,
  ) {}

  @Post()
  @HttpCode(202)
  @HostingOperation(
    'write',
    'Restart the instances of a variant one at a time (each replacement gated like a deploy)',
    'hosting.deployment:execute',
  )
  @Idempotent({ format: 'uuid' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'uuid; replayed for 24 h' })
  @ApiAcceptedResponse({
    type: RestartAcceptedResponse,
    headers: { Location: { description: 'The restart: poll target', schema: { type: 'string' } } },
  })
  @ApiErrorResponses({
    409: 'APP_NOT_ACTIVE, IDEMPOTENCY_KEY_IN_USE',
    422: 'VARIANT_NOT_RUNNING (nothing to restart), IDEMPOTENCY_KEY_MISMATCH',
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Body() body: CreateRestartRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RestartAcceptedResponse> {
    const operation = await this.restarts.create(principal.accountId, params.appId, body.variant);
    reply.header('Location', restartPath(operation.appId, operation.id));
    const environments = await this.environments.find({
      where: { appId: operation.appId },
      order: { variant: 'ASC' },
    });
    const status = toAppStatusResponse(operation.appId, environments, this.variantUrls);
    return {
      ...status,
      links: [{ rel: 'restart', href: restartPath(operation.appId, operation.id) }, ...status.links],
      restart: toRestartResponse(operation),
    };
  }

  @Get(':restartId')
  @HostingOperation('poll', 'Poll a restart until COMPLETED or FAILED', 'hosting.application:read')
  @ApiOkResponse({ type: RestartResponse })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: RestartParams,
  ): Promise<RestartResponse> {
    return toRestartResponse(await this.restarts.view(principal.accountId, params.appId, params.restartId));
  }
}
