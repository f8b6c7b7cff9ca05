import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { OrderEntity } from './order.entity';
import type { StatusKind } from './order-statuses';

/** One change of one of the order's three statuses (the order's status history). */
@Entity({ schema: 'orders', name: 'order_status_changes' })
@Index('order_status_changes_order_idx', ['orderId', 'id'])
export class OrderStatusChangeEntity {
  /** Insertion order: the history is listed by it (several changes can share one timestamp). */
  @PrimaryGeneratedColumn('increment', {
    type: 'bigint',
    primaryKeyConstraintName: 'PK_order_status_changes',
  })
  id!: string;

  @Column({ type: 'varchar', length: 40 })
  orderId!: string;

  @ManyToOne(() => OrderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_order_status_changes_order' })
  order?: OrderEntity;

  @Column({ type: 'varchar', length: 24 })
  kind!: StatusKind;

  /** Null for the initial value. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  fromValue!: string | null;

  @Column({ type: 'varchar', length: 32 })
  toValue!: string;

  @Column({ type: 'varchar', length: 512, nullable: true })
  reason!: string | null;

  @Column({ type: 'timestamptz' })
  changedAt!: Date;
}
