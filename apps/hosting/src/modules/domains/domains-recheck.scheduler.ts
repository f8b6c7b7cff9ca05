import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { scheduleEvery } from '@platform/queue';
import type { Queue } from 'bullmq';
import { DOMAIN_SETTINGS } from './domain-settings';
import type { DomainSettings } from './domain-settings';
import { DOMAINS_RECHECK_SCHEDULER, HostingDomainsQueue, RECHECK_DOMAINS_JOB } from './domains.jobs';

/**
 * At worker boot: upserts the re-check's job scheduler under a fixed id (every
 * HOSTING_DOMAIN_RECHECK_EVERY_MS, one schedule however many workers start). Each run asks for the
 * check of every PENDING domain whose next check is due (each domain backs off on its own) and of
 * every ACTIVE domain verified in DNS last checked HOSTING_DOMAIN_ACTIVE_RECHECK_EVERY_MS ago.
 */
@Injectable()
export class DomainsRecheckScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(HostingDomainsQueue.name) private readonly queue: Queue,
    @Inject(DOMAIN_SETTINGS) private readonly settings: DomainSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await scheduleEvery(
      this.queue,
      DOMAINS_RECHECK_SCHEDULER,
      this.settings.recheckEveryMs,
      RECHECK_DOMAINS_JOB,
    );
  }
}
