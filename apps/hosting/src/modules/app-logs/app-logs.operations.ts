import { Get, applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequiresScopes } from '@platform/auth';
import { IpRateLimit } from '@platform/rate-limit';
import type { Scope } from '@platform/scopes';
import { HOSTING_RATE_LIMITS } from '../../config/hosting-rate-limits';
import { LogPageResponse } from './app-logs.response';

/** Where one namespace (v1 or the earlier `nodejs`) exposes the runtime logs of an app. */
export interface AppLogsRoute {
  readonly path: string;
  readonly tag: string;
  readonly scope: Scope;
  readonly summary: string;
}

/**
 * The route and contract of GET …/apps/{appId}/logs, the same in every namespace but for its
 * path, tag, scope and summary.
 */
export function ListAppLogsOperation(route: AppLogsRoute): MethodDecorator {
  return applyDecorators(
    Get(route.path),
    ApiTags(route.tag),
    IpRateLimit(HOSTING_RATE_LIMITS.read),
    RequiresScopes(route.scope),
    ApiOperation({ summary: route.summary }),
    ApiOkResponse({ type: LogPageResponse }),
  );
}
