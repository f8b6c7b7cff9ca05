import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { IpRateLimit } from '@platform/rate-limit';
import { AppParams } from '../apps/apps.request';
import { appPath } from '../apps/apps.response';
import { HOSTING_RATE_LIMITS } from '../hosting-rate-limits';
import { LogsQuery } from './app-logs.request';
import { LogPageResponse, toLogPageResponse } from './app-logs.response';
import { AppLogsService } from './app-logs.service';

/**
 * GET /v1/hosting/apps/{appId}/logs and, in the earlier namespace,
 * GET /v1/hosting/nodejs/apps/{appId}/logs?target=preview|publish: the running app's log lines
 * from one service (docs/hosting.md, "Logs"); only the scope and the spelling of the links differ.
 */
@ApiBearerAuth()
@ApiResponse({
  status: 400,
  description: 'INVALID_REQUEST (details[].issue; INVALID_PAGE_TOKEN for a foreign token)',
})
@ApiResponse({ status: 404, description: 'APP_NOT_FOUND (also for another account’s)' })
@ApiResponse({ status: 429, description: 'Per-client-IP limit (X-RateLimit-*, Retry-After)' })
@Controller('v1/hosting')
export class AppLogsController {
  constructor(private readonly logs: AppLogsService) {}

  @Get('apps/:appId/logs')
  @ApiTags('hosting apps')
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.log:read')
  @ApiOperation({ summary: 'Runtime log lines of one variant, oldest first from since, keyset paged' })
  @ApiOkResponse({ type: LogPageResponse })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Query() query: LogsQuery,
  ): Promise<LogPageResponse> {
    const page = await this.logs.page(principal.accountId, params.appId, query);
    return toLogPageResponse(page, {
      path: `${appPath(params.appId)}/logs`,
      variantParam: (variant) => ['variant', variant],
    });
  }

  @Get('nodejs/apps/:appId/logs')
  @ApiTags('hosting nodejs (earlier namespace)')
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.paas.logs:read')
  @ApiOperation({ summary: 'Runtime log lines of one variant (target=preview|publish), same rules' })
  @ApiOkResponse({ type: LogPageResponse })
  async listNodejs(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Query() query: LogsQuery,
  ): Promise<LogPageResponse> {
    const page = await this.logs.page(principal.accountId, params.appId, query);
    return toLogPageResponse(page, {
      path: `/v1/hosting/nodejs/apps/${params.appId}/logs`,
      variantParam: (variant) => ['target', variant.toLowerCase()],
    });
  }
}
