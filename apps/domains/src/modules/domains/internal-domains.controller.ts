import { Controller, Get, Param } from '@nestjs/common';
import { InternalRoute } from '@platform/auth';
import { DomainParams } from './domains.request';
import { DomainOwnerResponse, toDomainOwner } from './domains.response';
import { DomainsService } from './domains.service';

/** What the other services ask about a domain (libs/domains-client), with the internal credential. */
@Controller('internal/v1/domains')
export class InternalDomainsController {
  constructor(private readonly domains: DomainsService) {}

  /** 200 {domain, accountId, status} of whoever holds it, in any status; 404 DOMAIN_NOT_FOUND. */
  @Get(':domain')
  @InternalRoute()
  async holder(@Param() params: DomainParams): Promise<DomainOwnerResponse> {
    return toDomainOwner(await this.domains.holderOf(params.domain));
  }
}
