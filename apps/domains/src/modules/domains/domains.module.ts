import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainEntity } from './domain.entity';
import { DomainsController } from './domains.controller';
import { DomainsService } from './domains.service';
import { InternalDomainsController } from './internal-domains.controller';

/** The account's domains: GET /v1/domains, GET /v1/domains/{domain}, GET /internal/v1/domains/{domain}. */
@Module({
  imports: [TypeOrmModule.forFeature([DomainEntity])],
  controllers: [DomainsController, InternalDomainsController],
  providers: [DomainsService],
})
export class DomainsModule {}
