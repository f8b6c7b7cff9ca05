import { Controller, Get, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBody,
  ApiConsumes,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { ApiBearerController, ApiErrorResponses } from '@platform/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogStreamsService, streamResponse, wantsEventStream } from '../app-logs/log-streams.service';
import { HostingOperation } from '../apps/apps.operations';
import { AppParams } from '../apps/apps.request';
import { BuildLogQuery } from '../build-logs';
import { ImportParams, SourceStatusQuery } from './imports.request';
import {
  ImportLogsResponse,
  ImportOperationResponse,
  SourceStatusResponse,
  SourceUploadResponse,
  importPath,
  toImportLogsResponse,
  toImportResponse,
  toSourceStatusResponse,
} from './imports.response';
import { ImportsService } from './imports.service';

const UPLOAD_BODY = {
  schema: {
    type: 'object',
    required: ['file'],
    properties: {
      file: { type: 'string', format: 'binary', description: '.zip or .tar.gz with package.json' },
    },
  },
};

/** Imports of /v1/hosting (docs/hosting.md, Imports). */
@ApiBearerController({
  tag: 'hosting imports',
  errors: {
    400: 'INVALID_BODY / INVALID_FORMAT with details[].issue',
    404: 'APP_NOT_FOUND, IMPORT_NOT_FOUND',
    429: 'Per-client-IP limit (X-RateLimit-*, Retry-After)',
  },
})
@Controller('v1/hosting/apps/:appId')
export class ImportsController {
  constructor(
    private readonly imports: ImportsService,
    private readonly streams: LogStreamsService,
  ) {}

  @Post('imports')
  @HttpCode(202)
  @HostingOperation(
    'write',
    'Upload source (multipart field file); builds it and replaces the PREVIEW',
    'hosting.source:write',
  )
  @ApiConsumes('multipart/form-data')
  @ApiBody(UPLOAD_BODY)
  @ApiAcceptedResponse({ type: ImportOperationResponse })
  @ApiErrorResponses({
    409: 'APP_NOT_ACTIVE',
    413: 'PAYLOAD_TOO_LARGE (issue ARCHIVE_TOO_LARGE)',
    415: 'UNSUPPORTED_MEDIA_TYPE: not multipart/form-data',
  })
  async create(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ImportOperationResponse> {
    const operation = await this.imports.upload(principal.accountId, params.appId, req);
    reply.header('Location', importPath(operation.appId, operation.id));
    return toImportResponse(operation);
  }

  @Get('imports/:importId')
  @HostingOperation(
    'poll',
    'Poll an import until COMPLETED or FAILED; carries the build log lines',
    'hosting.application:read',
  )
  @ApiOkResponse({ type: ImportOperationResponse })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: ImportParams,
  ): Promise<ImportOperationResponse> {
    const view = await this.imports.view(principal.accountId, params.appId, params.importId);
    return toImportResponse(view.operation, view.logs);
  }

  @Get('imports/:importId/logs')
  @HostingOperation(
    'poll',
    'Build log of an import, also while it runs; live with Accept: text/event-stream or follow=true',
    'hosting.application:read',
  )
  @ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description:
      'Live stream only: the id (line number) of the last event received; the stream resumes right after it',
  })
  @ApiExtraModels(ImportLogsResponse)
  @ApiOkResponse({
    description:
      'The build log (application/json); with Accept: text/event-stream or follow=true, a live stream of Server-Sent Events: each line an event (id: its line number, data: {line}), `: heartbeat` comments, and a last `event: end` ({reason: COMPLETED, …}) once the import ended, or `event: cut` for a slow reader',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(ImportLogsResponse) } },
      'text/event-stream': { schema: { type: 'string' } },
    },
  })
  async logs(
    @CurrentPrincipal() principal: Principal,
    @Param() params: ImportParams,
    @Query() query: BuildLogQuery,
    @Headers('accept') accept: string | undefined,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!wantsEventStream(accept, query.follow)) {
      const view = await this.imports.view(principal.accountId, params.appId, params.importId);
      await reply.status(200).send(toImportLogsResponse(view.operation, view.logs));
      return;
    }
    const source = await this.imports.followLogs(principal.accountId, params.appId, params.importId, {
      lastEventId,
      pageToken: query.pageToken,
    });
    await this.streams.run({ principal, req: req.raw, res: streamResponse(reply) }, source);
  }
}

/** Source uploads of the earlier namespace, on the same imports. */
@ApiBearerController({ tag: 'hosting nodejs (earlier namespace)' })
@Controller('v1/hosting/nodejs/apps/:appId/source')
export class NodejsSourceController {
  constructor(private readonly imports: ImportsService) {}

  @Post()
  @HttpCode(200)
  @HostingOperation(
    'write',
    'Upload source (multipart field file); 200 with the upload job id',
    'hosting.paas.code:write',
  )
  @ApiConsumes('multipart/form-data')
  @ApiBody(UPLOAD_BODY)
  @ApiOkResponse({ type: SourceUploadResponse })
  async upload(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Req() req: FastifyRequest,
  ): Promise<SourceUploadResponse> {
    const operation = await this.imports.upload(principal.accountId, params.appId, req);
    return { jobId: operation.id };
  }

  @Get('status')
  @HostingOperation('poll', 'Poll a source upload: pending, active or failed', 'hosting.paas.apps:read')
  @ApiOkResponse({ type: SourceStatusResponse })
  async status(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Query() query: SourceStatusQuery,
  ): Promise<SourceStatusResponse> {
    const view = await this.imports.view(principal.accountId, params.appId, query.jobId);
    return toSourceStatusResponse(view.operation, view.logs);
  }
}
