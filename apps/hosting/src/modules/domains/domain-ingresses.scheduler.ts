import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { scheduleEvery } from '@platform/queue';
import type { Queue } from 'bullmq';
import { DomainIngresses } from './domain-ingresses';
import { DOMAIN_SETTINGS } from './domain-settings';
import type { DomainSettings } from './domain-settings';
import { DOMAIN_INGRESSES_SCHEDULER, HostingDomainsQueue, RECONCILE_INGRESSES_JOB } from './domains.jobs';

/**
 * At the boot of a worker on the Kubernetes runtime: upserts the Ingress reconcile's job scheduler
 * under a fixed id (every HOSTING_DOMAIN_INGRESS_RECONCILE_EVERY_MS, one schedule however many
 * workers start). Each run applies the Ingresses ACTIVE domains lack and removes the others, so an
 * Ingress a lost job left out (or behind) is put right. The local runtime has none: no schedule.
 */
@Injectable()
export class DomainIngressesScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(HostingDomainsQueue.name) private readonly queue: Queue,
    @Inject(DOMAIN_SETTINGS) private readonly settings: DomainSettings,
    private readonly ingresses: DomainIngresses,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.ingresses.managesIngresses) return;
    await scheduleEvery(
      this.queue,
      DOMAIN_INGRESSES_SCHEDULER,
      this.settings.ingressReconcileEveryMs,
      RECONCILE_INGRESSES_JOB,
    );
  }
}
