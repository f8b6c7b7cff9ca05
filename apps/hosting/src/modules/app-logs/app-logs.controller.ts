import { Controller, Headers, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { CurrentPrincipal } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { ApiErrorResponses } from '@platform/service-kit';
import { AppParams } from '../apps/apps.request';
import { appPath } from '../apps/apps.response';
import { ListAppLogsOperation } from './app-logs.operations';
import type { AppLogsRoute } from './app-logs.operations';
import { LogsQuery } from './app-logs.request';
import { toLogPageResponse } from './app-logs.response';
import type { LogRoute } from './app-logs.response';
import { AppLogsService } from './app-logs.service';
import { LogStreamsService, streamResponse, wantsEventStream } from './log-streams.service';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The logs operation of each namespace: path, tag, scope and summary. */
const LOG_ROUTES = {
  v1: {
    path: 'apps/:appId/logs',
    tag: 'hosting apps',
    scope: 'hosting.log:read',
    summary: 'Runtime log lines of one variant, oldest first from since, keyset paged',
  },
  nodejs: {
    path: 'nodejs/apps/:appId/logs',
    tag: 'hosting nodejs (earlier namespace)',
    scope: 'hosting.paas.logs:read',
    summary: 'Runtime log lines of one variant (target=preview|publish), same rules',
  },
} satisfies Record<string, AppLogsRoute>;

/**
 * GET /v1/hosting/apps/{appId}/logs and, in the earlier namespace,
 * GET /v1/hosting/nodejs/apps/{appId}/logs?target=preview|publish: the running app's log lines
 * from one service (docs/hosting.md, "Logs"); only the scope and the spelling of the links differ.
 * Not ApiBearerController: each route names its own namespace's tag (LOG_ROUTES).
 */
@ApiBearerAuth()
@ApiErrorResponses({
  400: 'INVALID_REQUEST (details[].issue; INVALID_PAGE_TOKEN for a foreign token or Last-Event-ID)',
  404: 'APP_NOT_FOUND (also for another account’s)',
  429: 'Per-client-IP limit (X-RateLimit-*, Retry-After); or, for a live stream, TOO_MANY_REQUESTS: the credential holds HOSTING_LOG_STREAMS_PER_TOKEN streams already',
})
@Controller('v1/hosting')
export class AppLogsController {
  constructor(
    private readonly logs: AppLogsService,
    private readonly streams: LogStreamsService,
  ) {}

  @ListAppLogsOperation(LOG_ROUTES.v1)
  list(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Query() query: LogsQuery,
    @Headers('accept') accept: string | undefined,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.answer(
      principal,
      params.appId,
      query,
      { accept, lastEventId, req, reply },
      {
        path: `${appPath(params.appId)}/logs`,
        variantParam: (variant) => ['variant', variant],
      },
    );
  }

  @ListAppLogsOperation(LOG_ROUTES.nodejs)
  listNodejs(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Query() query: LogsQuery,
    @Headers('accept') accept: string | undefined,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    return this.answer(
      principal,
      params.appId,
      query,
      { accept, lastEventId, req, reply },
      {
        path: `/v1/hosting/nodejs/apps/${params.appId}/logs`,
        variantParam: (variant) => ['target', variant.toLowerCase()],
      },
    );
  }

  /** A page (JSON), or a live stream when the request asks for one (docs/hosting.md, "Live logs"). */
  private async answer(
    principal: Principal,
    appId: string,
    query: LogsQuery,
    http: LogsHttp,
    route: LogRoute,
  ): Promise<void> {
    if (!wantsEventStream(http.accept, query.follow)) {
      const page = toLogPageResponse(await this.logs.page(principal.accountId, appId, query), route);
      await http.reply.status(200).send(page);
      return;
    }
    const source = await this.logs.follow(principal.accountId, appId, query, http.lastEventId);
    await this.streams.run({ principal, req: http.req.raw, res: streamResponse(http.reply) }, source);
  }
}

/** What a logs route reads and writes of the HTTP exchange itself. */
interface LogsHttp {
  readonly accept: string | undefined;
  readonly lastEventId: string | undefined;
  readonly req: FastifyRequest;
  readonly reply: FastifyReply;
}
