import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { errorMessage, withDeadline } from '@platform/errors';
import { AGENT_REGISTRY_SETTINGS } from '../../config/agent-registry.config';
import type { AgentRegistrySettings } from '../../config/agent-registry.config';
import { AgentsDnsQueue, zoneChangeJobOptions } from './zone-changes.jobs';
import { jobIdOf } from './zone-records';

const ENQUEUE_TIMEOUT_MS = 5000;

/**
 * Adds the job of an outbox row after its transaction committed. The job id is the change's, so
 * adding it twice (a replayed revocation, the sweep) still makes one job.
 */
@Injectable()
export class ZoneChangeProducer {
  private readonly logger = new Logger(ZoneChangeProducer.name);

  constructor(
    @InjectQueue(AgentsDnsQueue.name) private readonly queue: Queue,
    @Inject(AGENT_REGISTRY_SETTINGS) private readonly settings: AgentRegistrySettings,
  ) {}

  /** Never throws: the row is committed, and the worker's sweep adds a job Redis did not take. */
  async enqueue(changeId: string): Promise<void> {
    try {
      await withDeadline(
        this.add(changeId),
        ENQUEUE_TIMEOUT_MS,
        `no answer from Redis in ${ENQUEUE_TIMEOUT_MS} ms`,
      );
    } catch (e) {
      this.logger.warn(`zone change ${changeId} saved but not enqueued, the sweep will: ${errorMessage(e)}`);
    }
  }

  async add(changeId: string): Promise<void> {
    await this.queue.add(
      'apply-zone-change',
      { changeId },
      { ...zoneChangeJobOptions(this.settings), jobId: jobIdOf(changeId) },
    );
  }
}
