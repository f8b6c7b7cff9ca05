import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { IpRateLimit } from '@platform/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppParams } from '../apps/apps.request';
import { HOSTING_RATE_LIMITS } from '../../config/hosting-rate-limits';
import { ImportParams, SourceStatusQuery } from './imports.request';
import {
  ImportOperationResponse,
  SourceStatusResponse,
  SourceUploadResponse,
  importPath,
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
@ApiTags('hosting imports')
@ApiBearerAuth()
@ApiResponse({ status: 400, description: 'INVALID_BODY / INVALID_FORMAT with details[].issue' })
@ApiResponse({ status: 404, description: 'APP_NOT_FOUND, IMPORT_NOT_FOUND' })
@ApiResponse({ status: 429, description: 'Per-client-IP limit (X-RateLimit-*, Retry-After)' })
@Controller('v1/hosting/apps/:appId')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @Post('imports')
  @HttpCode(202)
  @IpRateLimit(HOSTING_RATE_LIMITS.write)
  @RequiresScopes('hosting.source:write')
  @ApiOperation({ summary: 'Upload source (multipart field file); builds it and replaces the PREVIEW' })
  @ApiConsumes('multipart/form-data')
  @ApiBody(UPLOAD_BODY)
  @ApiAcceptedResponse({ type: ImportOperationResponse })
  @ApiResponse({ status: 409, description: 'APP_NOT_ACTIVE' })
  @ApiResponse({ status: 413, description: 'PAYLOAD_TOO_LARGE (issue ARCHIVE_TOO_LARGE)' })
  @ApiResponse({ status: 415, description: 'UNSUPPORTED_MEDIA_TYPE: not multipart/form-data' })
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
  @IpRateLimit(HOSTING_RATE_LIMITS.poll)
  @RequiresScopes('hosting.application:read')
  @ApiOperation({ summary: 'Poll an import until COMPLETED or FAILED; carries the build log lines' })
  @ApiOkResponse({ type: ImportOperationResponse })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: ImportParams,
  ): Promise<ImportOperationResponse> {
    const view = await this.imports.view(principal.accountId, params.appId, params.importId);
    return toImportResponse(view.operation, view.logs);
  }
}

/** Source uploads of the earlier namespace, on the same imports. */
@ApiTags('hosting nodejs (earlier namespace)')
@ApiBearerAuth()
@Controller('v1/hosting/nodejs/apps/:appId/source')
export class NodejsSourceController {
  constructor(private readonly imports: ImportsService) {}

  @Post()
  @HttpCode(200)
  @IpRateLimit(HOSTING_RATE_LIMITS.write)
  @RequiresScopes('hosting.paas.code:write')
  @ApiOperation({ summary: 'Upload source (multipart field file); 200 with the upload job id' })
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
  @IpRateLimit(HOSTING_RATE_LIMITS.poll)
  @RequiresScopes('hosting.paas.apps:read')
  @ApiOperation({ summary: 'Poll a source upload: pending, active or failed' })
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
