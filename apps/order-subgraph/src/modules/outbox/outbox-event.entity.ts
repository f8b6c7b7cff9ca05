import { Column, Entity, Generated, Index, PrimaryColumn } from 'typeorm';

/**
 * A job to add to a BullMQ queue, written in the same database transaction as the change it
 * announces and deleted once the queue has it (transactional outbox; docs/orders.md). The order
 * subgraph's worker relays it (OutboxRelay); the API only writes it.
 */
@Entity({ schema: 'orders', name: 'outbox_events' })
@Index('outbox_events_due_idx', ['nextAttemptAt'])
@Index('outbox_events_seq_idx', ['seq'])
export class OutboxEventEntity {
  /** The event id (also the payload's eventId). */
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_outbox_events' })
  id!: string;

  /**
   * Write order. The rows of one order (`payload.orderId`) are written under its row lock, so
   * per order this is the commit order, and the relay publishes them in it.
   */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq!: string;

  @Column({ type: 'varchar', length: 64 })
  queue!: string;

  @Column({ type: 'varchar', length: 64 })
  jobName!: string;

  /** Deterministic BullMQ job id: a re-publish of the same event adds no second job. */
  @Column({ type: 'varchar', length: 128 })
  jobId!: string;

  @Column({ type: 'jsonb' })
  payload!: Record<string, unknown>;

  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ type: 'varchar', length: 512, nullable: true })
  lastError!: string | null;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;

  /** Not before this time may the relay (re)try it: the write time, later after a failed add. */
  @Column({ type: 'timestamptz' })
  nextAttemptAt!: Date;
}
