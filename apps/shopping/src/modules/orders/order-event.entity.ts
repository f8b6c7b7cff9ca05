import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One change of a shopping order to tell the agent (line fulfilled or removed, order canceled),
 * numbered per order: the webhook worker delivers them in `sequence` order, each at least once.
 * Written in the same transaction as the change itself (an outbox), so none is lost.
 * `order_events_pending_idx` (partial: neither delivered nor given up) serves the delivery and
 * the sweep. An event of an order without a webhook_url is given up as it is written.
 */
@Entity({ schema: 'shopping', name: 'order_events' })
@Index('order_events_order_sequence_key', ['orderId', 'sequence'], { unique: true })
@Index('order_events_pending_idx', { synchronize: false })
export class OrderEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 40 })
  orderId!: string;

  @Column({ type: 'integer' })
  sequence!: number;

  @Column({ type: 'varchar', length: 48 })
  type!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  /** When delivery was given up (refused URL, no webhook_url, too old, an earlier event given up). */
  @Column({ type: 'timestamptz', nullable: true })
  failedAt!: Date | null;

  /** Why the last attempt failed, or why delivery was given up. */
  @Column({ type: 'text', nullable: true })
  lastError!: string | null;
}
