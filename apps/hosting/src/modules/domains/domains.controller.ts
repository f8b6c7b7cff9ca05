import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiResponse,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { Idempotent } from '@platform/idempotency';
import { ApiBearerController } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { HostingOperation } from '../apps/apps.operations';
import { AppParams } from '../apps/apps.request';
import { AttachDomainRequest, DomainParams, VerifyDomainRequest } from './domains.request';
import {
  DomainListResponse,
  DomainResponse,
  domainPath,
  toDomainListResponse,
  toDomainResponse,
} from './domains.response';
import { DomainsService } from './domains.service';

const NOT_FOUND = 'APP_NOT_FOUND, DOMAIN_NOT_FOUND (also for another account’s)';

/**
 * Custom domains of an app (docs/hosting.md, "Custom domains"): managed with
 * `hosting.application:update`, read with `hosting.application:read` (the scope catalog has no
 * `hosting.domain:*`).
 */
@ApiBearerController({
  tag: 'hosting domains',
  requestId: true,
  errors: {
    400: 'INVALID_BODY / INVALID_FORMAT with details[].issue (INVALID_FORMAT, SINGLE_LABEL, WILDCARD_NOT_ALLOWED, IP_ADDRESS_NOT_ALLOWED, UNKNOWN_FIELD …)',
    429: 'Per-client-IP limit (X-RateLimit-*, Retry-After)',
  },
})
@Controller('v1/hosting/apps/:appId/domains')
export class DomainsController {
  constructor(private readonly domains: DomainsService) {}

  @Post()
  @HttpCode(202)
  @HostingOperation(
    'write',
    'Attach a custom domain to a variant; PENDING until checked (ACTIVE at once for a zone you own here)',
    'hosting.application:update',
  )
  @Idempotent({ format: 'uuid' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'uuid; replayed for 24 h' })
  @ApiAcceptedResponse({
    type: DomainResponse,
    headers: { Location: { description: 'The domain', schema: { type: 'string' } } },
  })
  @ApiResponse({ status: 404, description: 'APP_NOT_FOUND' })
  @ApiResponse({ status: 409, description: 'DOMAIN_ALREADY_ATTACHED (to any app)' })
  @ApiResponse({ status: 422, description: 'DOMAIN_LIMIT_REACHED (20 per app), RESERVED_HOSTNAME' })
  async attach(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
    @Body() body: AttachDomainRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DomainResponse> {
    const domain = await this.domains.attach(principal.accountId, params.appId, body.hostname, body.variant);
    reply.header('Location', domainPath(domain.appId, domain.hostname));
    return toDomainResponse(domain);
  }

  @Get()
  @HostingOperation('read', "The app's custom domains, oldest first", 'hosting.application:read')
  @ApiOkResponse({ type: DomainListResponse })
  @ApiResponse({ status: 404, description: 'APP_NOT_FOUND' })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Param() params: AppParams,
  ): Promise<DomainListResponse> {
    return toDomainListResponse(params.appId, await this.domains.list(principal.accountId, params.appId));
  }

  @Get(':hostname')
  @HostingOperation('poll', 'One custom domain, with the records it still needs', 'hosting.application:read')
  @ApiOkResponse({ type: DomainResponse })
  @ApiResponse({ status: 404, description: NOT_FOUND })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DomainParams,
  ): Promise<DomainResponse> {
    return toDomainResponse(await this.domains.get(principal.accountId, params.appId, params.hostname));
  }

  @Post(':hostname/verify')
  @HttpCode(202)
  @HostingOperation(
    'write',
    'Check the domain again now (poll it for the outcome); a FAILED one is PENDING again',
    'hosting.application:update',
  )
  @ApiAcceptedResponse({ type: DomainResponse })
  @ApiResponse({ status: 404, description: NOT_FOUND })
  async verify(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DomainParams,
    @Body() _body: VerifyDomainRequest,
  ): Promise<DomainResponse> {
    return toDomainResponse(await this.domains.verify(principal.accountId, params.appId, params.hostname));
  }

  @Delete(':hostname')
  @HttpCode(204)
  @HostingOperation(
    'write',
    'Detach the domain: its Host stops routing; records written into your zone are removed',
    'hosting.application:update',
  )
  @ApiNoContentResponse({ description: 'Detached' })
  @ApiResponse({ status: 404, description: NOT_FOUND })
  async detach(@CurrentPrincipal() principal: Principal, @Param() params: DomainParams): Promise<void> {
    await this.domains.detach(principal.accountId, params.appId, params.hostname);
  }
}
