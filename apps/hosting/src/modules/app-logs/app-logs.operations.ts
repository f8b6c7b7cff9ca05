import { Get, applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Scope } from '@platform/scopes';
import { HostingOperation } from '../apps/apps.operations';
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
    HostingOperation('read', route.summary, route.scope),
    ApiOkResponse({ type: LogPageResponse }),
  );
}
