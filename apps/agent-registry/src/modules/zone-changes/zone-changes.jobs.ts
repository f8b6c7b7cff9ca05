import type { JobsOptions } from 'bullmq';
import { declareQueue } from '@platform/queue';
import type { AgentRegistrySettings } from '../../config/agent-registry.config';

/**
 * The agents' DNS records on their way into the owner's zone: `apply-zone-change` settles one
 * outbox row (job id from the change id). The maintenance job `requeue-zone-changes` gives a
 * PENDING row whose job went missing (process died after the commit) or failed a job again.
 */
export const AgentsDnsQueue = declareQueue({
  name: 'agents-dns',
  jobs: ['apply-zone-change'],
});

export interface ZoneChangeJobData {
  readonly changeId: string;
}

/**
 * More attempts than the platform default: a change must outlast a domains service that is down
 * for hours (15 attempts from 2 s is about 9 h of backoff), and the sweep retries it after that.
 */
export function zoneChangeJobOptions(settings: AgentRegistrySettings): JobsOptions {
  return {
    attempts: settings.dnsAttempts,
    backoff: { type: 'exponential', delay: settings.dnsRetryDelayMs },
  };
}
