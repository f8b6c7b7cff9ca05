import { Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { AppsModule } from '../apps/apps.module';
import { AppDomainsRepository } from './app-domains.repository';
import { DomainsController } from './domains.controller';
import { HostingDomainsQueue } from './domains.jobs';
import { DomainsProducer } from './domains.producer';
import { DomainsService } from './domains.service';

/**
 * Custom domains, API side: `/v1/hosting/apps/{appId}/domains…`. The worker checks them, writes
 * owned zones and routes their Host (DomainsWorkerModule). Needs HostingConfigModule (DOMAIN_SETTINGS).
 */
@Module({
  imports: [AppsModule, QueueModule.registerQueues(HostingDomainsQueue)],
  controllers: [DomainsController],
  providers: [AppDomainsRepository, DomainsProducer, DomainsService],
})
export class DomainsModule {}
