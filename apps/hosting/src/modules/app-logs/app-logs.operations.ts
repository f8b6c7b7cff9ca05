import { Get, applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiHeader, ApiOkResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
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
    ApiExtraModels(LogPageResponse),
    ApiHeader({
      name: 'Last-Event-ID',
      required: false,
      description: 'Live stream only: the id of the last event received; the stream resumes right after it',
    }),
    ApiOkResponse({
      description:
        'A log page (application/json); with Accept: text/event-stream or follow=true, a live stream of Server-Sent Events: each line an event (id: its position, data: a log item), `: heartbeat` comments, and a last `event: cut` (slow reader) or `event: end` ({reason, message})',
      content: {
        'application/json': { schema: { $ref: getSchemaPath(LogPageResponse) } },
        'text/event-stream': { schema: { type: 'string' } },
      },
    }),
  );
}
