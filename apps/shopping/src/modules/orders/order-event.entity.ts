import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One change of a shopping order to tell the agent (line fulfilled or removed, order canceled),
 * numbered per order: the webhook worker delivers them in `sequence` order, each at least once.
 * Written in the same transaction as the change itself (an outbox), so none is lost.
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
}
