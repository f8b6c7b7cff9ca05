import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentPrincipal, RequiresScopes } from '@platform/auth';
import type { Principal } from '@platform/auth';
import { RateLimited } from '@platform/rate-limit';
import { ApiBearerController } from '@platform/service-kit';
import { DomainListQuery, DomainParams } from './domains.request';
import {
  DomainDetailResponse,
  DomainListItemResponse,
  toDomainDetail,
  toDomainListItem,
} from './domains.response';
import { DomainsService } from './domains.service';

/** The caller's domains: a keyset-paged list (limit, marker) and one domain in full. */
// Each operation's error answers: src/openapi/domains-openapi.ts (the list never answers 404).
@ApiBearerController({ tag: 'domains', requestId: true })
@RateLimited({ errorBody: true })
@Controller('v1/domains')
export class DomainsController {
  constructor(private readonly domains: DomainsService) {}

  @Get()
  @RequiresScopes('domains.domain:read')
  @ApiOperation({
    summary: "The caller's domains in name order",
    description:
      'Pass the last item’s domain as marker to get the next page; a page shorter than limit is the last.',
  })
  @ApiOkResponse({ type: [DomainListItemResponse] })
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: DomainListQuery,
  ): Promise<DomainListItemResponse[]> {
    const { domains, includes } = await this.domains.list(principal.accountId, query);
    return domains.map((d) => toDomainListItem(d, includes));
  }

  @Get(':domain')
  @RequiresScopes('domains.domain:read')
  @ApiOperation({ summary: 'One domain of the caller, with name servers, contacts and auth code' })
  @ApiOkResponse({ type: DomainDetailResponse })
  async get(
    @CurrentPrincipal() principal: Principal,
    @Param() params: DomainParams,
  ): Promise<DomainDetailResponse> {
    return toDomainDetail(await this.domains.get(principal.accountId, params.domain));
  }
}
