import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { OutboxEventEntity } from './outbox-event.entity';
import { OutboxPublisher } from './outbox.publisher';
import { errorMessage } from '@platform/errors';

/** How often each process sweeps the outbox for rows its writers did not publish. */
export const OUTBOX_SWEEP_INTERVAL_MS = 5_000;
const SWEEP_BATCH = 100;
const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Moves outbox rows to their queues. Fast path: the writer calls `publish(ids)` right after its
 * transaction committed. Slow path: every process sweeps due rows (`FOR UPDATE SKIP LOCKED`, so
 * replicas never take the same row) every few seconds. A row is deleted in the same transaction
 * that saw the queue accept the job; a crash in between re-publishes it with the same BullMQ job
 * id, and the consumer is idempotent per eventId anyway: at-least-once, never lost.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<number>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly publisher: OutboxPublisher,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), OUTBOX_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sweeping?.catch(() => undefined);
  }

  /** Publishes the given rows now (after their transaction committed). Never throws: the sweeper retries. */
  async publish(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.dataSource.transaction(async (tx) => {
        const rows = await tx
          .getRepository(OutboxEventEntity)
          .createQueryBuilder('o')
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .where('o.id IN (:...ids)', { ids })
          .getMany();
        await this.publishRows(tx, rows);
      });
    } catch (e) {
      this.logger.warn(`outbox publish deferred to the sweeper: ${errorMessage(e)}`);
    }
  }

  /** Publishes every due row (at most one batch); returns how many were published. */
  sweep(now = new Date()): Promise<number> {
    if (this.sweeping) return this.sweeping;
    this.sweeping = this.dataSource
      .transaction(async (tx) => {
        const rows = await tx
          .getRepository(OutboxEventEntity)
          .createQueryBuilder('o')
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .where('o.nextAttemptAt <= :now', { now })
          .orderBy('o.nextAttemptAt', 'ASC')
          .limit(SWEEP_BATCH)
          .getMany();
        return this.publishRows(tx, rows);
      })
      .catch((e: unknown) => {
        this.logger.warn(`outbox sweep failed: ${errorMessage(e)}`);
        return 0;
      })
      .finally(() => {
        this.sweeping = undefined;
      });
    return this.sweeping;
  }

  private async publishRows(tx: EntityManager, rows: readonly OutboxEventEntity[]): Promise<number> {
    const repository = tx.getRepository(OutboxEventEntity);
    let published = 0;
    for (const row of rows) {
      try {
        await this.publisher.publish(row);
        await repository.delete({ id: row.id });
        published++;
      } catch (e) {
        const attempts = row.attempts + 1;
        const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 16));
        await repository.update(
          { id: row.id },
          {
            attempts,
            lastError: errorMessage(e).slice(0, 512),
            nextAttemptAt: new Date(Date.now() + backoff),
          },
        );
      }
    }
    return published;
  }
}
