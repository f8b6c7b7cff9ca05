import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { CurrentPrincipal } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { ApiBearerController, ApiErrorResponses } from '@platform/service-kit';
import { Repository } from 'typeorm';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { HostingOperation } from '../apps/apps.operations';
import { AppParams } from '../apps/apps.request';
import { AppsService } from '../apps/apps.service';
import { VariantUrls } from '../apps/variant-urls.service';
import { AppStatusResponse, toAppStatusResponse } from './app-status.response';

/** Runtime status of both environments, as the worker recorded it in app_environments. */
@ApiBearerController({ tag: 'hosting apps' })
@Controller()
export class AppStatusController {
  constructor(
    private readonly apps: AppsService,
    private readonly variantUrls: VariantUrls,
    @InjectRepository(AppEnvironmentEntity) private readonly environments: Repository<AppEnvironmentEntity>,
  ) {}

  @Get('v1/hosting/apps/:appId/status')
  @HostingOperation(
    'read',
    'Runtime state, running import and URL of PREVIEW and PUBLISH',
    'hosting.application:read',
  )
  @ApiOkResponse({ type: AppStatusResponse })
  @ApiErrorResponses({ 404: 'APP_NOT_FOUND (also for another account’s)' })
  status(@CurrentPrincipal() principal: Principal, @Param() params: AppParams): Promise<AppStatusResponse> {
    return this.read(principal, params);
  }

  @Get('v1/hosting/nodejs/apps/:appId/status')
  @ApiTags('hosting nodejs (earlier namespace)')
  @HostingOperation(
    'read',
    'Earlier namespace: the same runtime status of preview and publish',
    'hosting.paas.apps:read',
  )
  @ApiOkResponse({ type: AppStatusResponse })
  @ApiErrorResponses({ 404: 'APP_NOT_FOUND (also for another account’s)' })
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
