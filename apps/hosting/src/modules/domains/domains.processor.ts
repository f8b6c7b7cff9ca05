import { Processor } from '@nestjs/bullmq';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import { AppDomainsRepository } from './app-domains.repository';
import { DomainIngresses } from './domain-ingresses';
import { DomainVerifier } from './domain-verifier';
import { DOMAIN_SETTINGS } from './domain-settings';
import type { DomainSettings } from './domain-settings';
import {
  HOSTING_DOMAINS_CONCURRENCY,
  HostingDomainsQueue,
  RECHECK_BATCH,
  RECHECK_DOMAINS_JOB,
  RECONCILE_INGRESSES_JOB,
  RELEASE_DOMAIN_JOB,
  VERIFY_DOMAIN_JOB,
} from './domains.jobs';
import type { DomainsJobData, ReleaseDomainJobData } from './domains.jobs';
import { DomainsProducer } from './domains.producer';
import { Inject } from '@nestjs/common';

/**
 * Consumes `hosting-domains`: checks domains, releases detached ones' records, re-checks due ones
 * (PENDING ones by their backoff, ACTIVE ones verified in DNS every HOSTING_DOMAIN_ACTIVE_RECHECK_EVERY_MS),
 * reconciles the Ingresses (Kubernetes).
 */
@Processor(HostingDomainsQueue.name, { ...WorkerDefaults, concurrency: HOSTING_DOMAINS_CONCURRENCY })
export class DomainsProcessor extends JobDispatcherHost<DomainsJobData> {
  protected readonly dispatcher = createJobDispatcher<
    | typeof VERIFY_DOMAIN_JOB
    | typeof RELEASE_DOMAIN_JOB
    | typeof RECHECK_DOMAINS_JOB
    | typeof RECONCILE_INGRESSES_JOB,
    DomainsJobData
  >(HostingDomainsQueue, {
    [VERIFY_DOMAIN_JOB]: async (job) => ({ outcome: await this.verifier.verify(idOf(job)) }),
    [RELEASE_DOMAIN_JOB]: async (job) => {
      idOf(job);
      await this.verifier.release(job.data as ReleaseDomainJobData);
      return { released: true };
    },
    [RECHECK_DOMAINS_JOB]: async () => {
      const due = await this.repository.due(RECHECK_BATCH, this.settings.maxScheduledChecks);
      const active = await this.repository.activeDue(RECHECK_BATCH, this.settings.activeRecheckEveryMs);
      for (const id of [...due, ...active]) await this.producer.requestVerify(id);
      return { requested: due.length, active: active.length };
    },
    [RECONCILE_INGRESSES_JOB]: async () =>
      (await this.ingresses.reconcile(this.repository)) ?? { skipped: true },
  });

  constructor(
    private readonly verifier: DomainVerifier,
    private readonly repository: AppDomainsRepository,
    private readonly producer: DomainsProducer,
    private readonly ingresses: DomainIngresses,
    @Inject(DOMAIN_SETTINGS) private readonly settings: DomainSettings,
  ) {
    super();
  }
}

function idOf(job: Job<DomainsJobData>): string {
  const { domainId } = job.data as Partial<Record<string, unknown>>;
  if (typeof domainId !== 'string') throw new UnrecoverableError(`job ${job.id ?? '?'} carries no domainId`);
  return domainId;
}
