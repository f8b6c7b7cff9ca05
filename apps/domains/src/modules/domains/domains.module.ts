import { Module } from '@nestjs/common';
import { DomainsController } from './domains.controller';
import { DomainsRepository } from './domains.repository';
import { DomainsService } from './domains.service';
import { InternalDomainsController } from './internal-domains.controller';

/** The account's domains: GET /v1/domains, GET /v1/domains/{domain}, GET /internal/v1/domains/{domain}. */
@Module({
  controllers: [DomainsController, InternalDomainsController],
  providers: [DomainsRepository, DomainsService],
})
export class DomainsModule {}
