import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { IpRateLimit } from '@platform/rate-limit';
import { Repository } from 'typeorm';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { AppParams } from '../apps/apps.request';
import { AppsService } from '../apps/apps.service';
import { HOSTING_RATE_LIMITS } from '../../config/hosting-rate-limits';
import { VariantUrls } from '../apps/variant-urls.service';
import { AppStatusResponse, toAppStatusResponse } from './app-status.response';

/** Runtime status of both environments, as the worker recorded it in app_environments. */
@ApiTags('hosting apps')
@ApiBearerAuth()
@Controller()
export class AppStatusController {
  constructor(
    private readonly apps: AppsService,
    private readonly variantUrls: VariantUrls,
    @InjectRepository(AppEnvironmentEntity) private readonly environments: Repository<AppEnvironmentEntity>,
  ) {}

  @Get('v1/hosting/apps/:appId/status')
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.application:read')
  @ApiOperation({ summary: 'Runtime state, running import and URL of PREVIEW and PUBLISH' })
  @ApiOkResponse({ type: AppStatusResponse })
  @ApiResponse({ status: 404, description: 'APP_NOT_FOUND (also for another account’s)' })
  status(@CurrentPrincipal() principal: Principal, @Param() params: AppParams): Promise<AppStatusResponse> {
    return this.read(principal, params);
  }

  @Get('v1/hosting/nodejs/apps/:appId/status')
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.paas.apps:read')
  @ApiTags('hosting nodejs (earlier namespace)')
  @ApiOperation({ summary: 'Earlier namespace: the same runtime status of preview and publish' })
  @ApiOkResponse({ type: AppStatusResponse })
  @ApiResponse({ status: 404, description: 'APP_NOT_FOUND (also for another account’s)' })
  statusNodejs(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
  ): Promise<AppStatusResponse> {
    return this.read(principal, params);
  }

  private async read(principal: Principal, params: AppParams): Promise<AppStatusResponse> {
    const app = await this.apps.require(principal.accountId, params.appId);
    const environments = await this.environments.find({
      where: { appId: app.appId },
      order: { variant: 'ASC' },
    });
    return toAppStatusResponse(app.appId, environments, this.variantUrls);
  }
}
