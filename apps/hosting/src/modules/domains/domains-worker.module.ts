import { Module } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { DomainsClient } from '@platform/domains-client';
import { QueueModule } from '@platform/queue';
import { AppDomainsRepository } from './app-domains.repository';
import { ImportsWorkerModule } from '../imports/imports-worker.module';
import { DomainIngresses } from './domain-ingresses';
import { DomainIngressesScheduler } from './domain-ingresses.scheduler';
import { DomainRoutes } from './domain-routes.service';
import { DomainVerifier } from './domain-verifier';
import { DOMAINS_URL } from './domain-settings';
import { DomainsRecheckScheduler } from './domains-recheck.scheduler';
import { HostingDomainsQueue } from './domains.jobs';
import { DomainsProcessor } from './domains.processor';
import { DomainsProducer } from './domains.producer';

/**
 * Custom domains, worker side: consumes `hosting-domains` (checks, releases, the re-check sweep,
 * the Ingress reconcile on Kubernetes)
 * and resolves a custom Host to its variant for the proxy (DomainRoutes, exported). Needs
 * QueueModule.forRoot() and the worker's HostingConfigModule (DOMAIN_SETTINGS, DOMAINS_URL).
 */
@Module({
  imports: [ImportsWorkerModule, QueueModule.registerQueues(HostingDomainsQueue)],
  providers: [
    AppDomainsRepository,
    DomainIngresses,
    DomainIngressesScheduler,
    DomainRoutes,
    DomainVerifier,
    DomainsProcessor,
    DomainsProducer,
    DomainsRecheckScheduler,
    {
      provide: DomainsClient,
      inject: [DOMAINS_URL, PLATFORM_CONFIG],
      useFactory: (url: string, platform: PlatformConfig) =>
        DomainsClient.forPlatform(url, platform.secretsEncryptionKey),
    },
  ],
  exports: [DomainRoutes],
})
export class DomainsWorkerModule {}
