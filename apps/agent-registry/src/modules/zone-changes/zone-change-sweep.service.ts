import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { ZoneChangeProducer } from './zone-change.producer';
import { AgentsDnsQueue } from './zone-changes.jobs';
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
    private readonly dataSource: DataSource,
    private readonly producer: ZoneChangeProducer,
    @InjectQueue(AgentsDnsQueue.name) private readonly queue: Queue,
  ) {}

  /** The change ids whose job was added or retried. */
  async requeueStale(olderThanMs = SWEEP_AFTER_MS): Promise<string[]> {
    const requeued: string[] = [];
    let after: { createdAt: Date; changeId: string } | undefined;
    for (;;) {
      const rows: { change_id: string; created_at: Date }[] = await this.dataSource.query(
        `SELECT change_id, created_at FROM agents.zone_changes
         WHERE status = 'PENDING' AND created_at < now() - make_interval(secs => $1)
           AND ($2::timestamptz IS NULL OR (created_at, change_id) > ($2, $3))
         ORDER BY created_at, change_id LIMIT ${BATCH}`,
        [olderThanMs / 1000, after?.createdAt ?? null, after?.changeId ?? ''],
      );
      for (const row of rows) if (await this.requeue(row.change_id)) requeued.push(row.change_id);
      if (rows.length < BATCH) return requeued;
      const last = rows[rows.length - 1];
      after = { createdAt: last.created_at, changeId: last.change_id };
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
