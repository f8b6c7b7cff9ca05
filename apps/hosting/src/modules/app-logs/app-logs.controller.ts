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

const ERRORS = [
  { status: 400, description: 'INVALID_REQUEST (details[].issue; INVALID_PAGE_TOKEN for a foreign token)' },
  { status: 401, description: 'Missing, malformed, expired or revoked token' },
  { status: 403, description: 'The token lacks the operation scope' },
  { status: 404, description: 'APP_NOT_FOUND (also for another account’s)' },
  { status: 429, description: 'Per-client-IP limit (X-RateLimit-*, Retry-After)' },
];

/** GET /v1/hosting/apps/{appId}/logs: the running app's log lines (docs/hosting.md, "Logs"). */
@ApiTags('hosting apps')
@ApiBearerAuth()
@Controller('v1/hosting/apps/:appId/logs')
export class AppLogsController {
  constructor(private readonly logs: AppLogsService) {}

  @Get()
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.log:read')
  @ApiOperation({ summary: 'Runtime log lines of one variant, oldest first from since, keyset paged' })
  @ApiOkResponse({ type: LogPageResponse })
  @ApiResponse(ERRORS[0])
  @ApiResponse(ERRORS[1])
  @ApiResponse(ERRORS[2])
  @ApiResponse(ERRORS[3])
  @ApiResponse(ERRORS[4])
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
}

/** Earlier namespace: GET /v1/hosting/nodejs/apps/{appId}/logs?target=preview|publish, same service. */
@ApiTags('hosting nodejs (earlier namespace)')
@ApiBearerAuth()
@Controller('v1/hosting/nodejs/apps/:appId/logs')
export class NodejsAppLogsController {
  constructor(private readonly logs: AppLogsService) {}

  @Get()
  @IpRateLimit(HOSTING_RATE_LIMITS.read)
  @RequiresScopes('hosting.paas.logs:read')
  @ApiOperation({ summary: 'Runtime log lines of one variant (target=preview|publish), same rules' })
  @ApiOkResponse({ type: LogPageResponse })
  @ApiResponse(ERRORS[0])
  @ApiResponse(ERRORS[1])
  @ApiResponse(ERRORS[2])
  @ApiResponse(ERRORS[3])
  @ApiResponse(ERRORS[4])
  async list(
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
