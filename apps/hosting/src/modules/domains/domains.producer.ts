import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { withDeadline } from '@platform/errors';
import type { Queue } from 'bullmq';
import type { ReleaseDomainJobData } from './domains.jobs';
import {
  HostingDomainsQueue,
  RELEASE_DOMAIN_JOB,
  VERIFY_DOMAIN_JOB,
  releaseJobId,
  verifyJobId,
} from './domains.jobs';

const REDIS_TIMEOUT_MS = 5_000;

/** The only place that adds jobs to `hosting-domains` (besides the re-check's job scheduler). */
@Injectable()
export class DomainsProducer {
  constructor(@InjectQueue(HostingDomainsQueue.name) private readonly queue: Queue) {}

  /** A check of the domain now; one waiting job per domain (its id), kept out of Redis once done. */
  async requestVerify(domainId: string): Promise<void> {
    await this.add(VERIFY_DOMAIN_JOB, { domainId }, verifyJobId(domainId));
  }

  /** The undoing of a detached domain: records written into an owned zone, its Ingress. */
  async requestRelease(release: ReleaseDomainJobData): Promise<void> {
    await this.add(RELEASE_DOMAIN_JOB, release, releaseJobId(release.domainId));
  }

  private async add(name: string, data: object, jobId: string): Promise<void> {
    await withDeadline(
      this.queue.add(name, data, { jobId, removeOnComplete: true, removeOnFail: true }),
      REDIS_TIMEOUT_MS,
      `no answer from Redis within ${REDIS_TIMEOUT_MS} ms`,
    );
  }
}
