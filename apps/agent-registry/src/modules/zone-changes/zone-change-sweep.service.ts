import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { ZoneChangeProducer } from './zone-change.producer';
import { AgentsDnsQueue } from './zone-changes.jobs';
import { ZoneChangeKey, ZoneChangesRepository } from './zone-changes.repository';
import { jobIdOf } from './zone-records';

/** A row younger than this may still be between its commit and its enqueue: left alone. */
export const SWEEP_AFTER_MS = 60_000;
const BATCH = 200;

/**
 * The worker's repair of the outbox: every PENDING change older than a minute gets its job back
 * when the job is missing (the process died between commit and enqueue, or Redis lost it) or has
 * failed (attempts exhausted while the domains service was down). Walks the partial index
 * zone_changes_pending_idx by keyset, so a long backlog is covered on every run.
 */
@Injectable()
export class ZoneChangeSweep {
  constructor(
    private readonly zoneChanges: ZoneChangesRepository,
    private readonly producer: ZoneChangeProducer,
    @InjectQueue(AgentsDnsQueue.name) private readonly queue: Queue,
  ) {}

  /** The change ids whose job was added or retried. */
  async requeueStale(olderThanMs = SWEEP_AFTER_MS): Promise<string[]> {
    const requeued: string[] = [];
    let after: ZoneChangeKey | undefined;
    for (;;) {
      const rows = await this.zoneChanges.findStalePending(olderThanMs, after, BATCH);
      for (const row of rows) if (await this.requeue(row.changeId)) requeued.push(row.changeId);
      if (rows.length < BATCH) return requeued;
      after = rows[rows.length - 1];
    }
  }

  private async requeue(changeId: string): Promise<boolean> {
    const job = await this.queue.getJob(jobIdOf(changeId));
    if (!job) {
      await this.producer.add(changeId);
      return true;
    }
    if (await job.isFailed()) {
      await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      return true;
    }
    return false;
  }
}
