import { bigintNumber } from '@platform/database';
import { Column, Entity, Generated, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrderEntity } from './order.entity';
import type { OrderPaymentType } from './order-statuses';

/**
 * The order's payment ledger: one row per money event, its id is the event's `eventId` in the
 * `order-payment-recorded` job (so the commerce transaction and this row share an id).
 */
@Entity({ schema: 'orders', name: 'order_payments' })
@Index('order_payments_order_idx', ['orderId', 'seq'])
export class OrderPaymentEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_order_payments' })
  id!: string;

  /** Ledger order (several entries of one change share a timestamp). */
  @Column({ type: 'bigint' })
  @Generated('increment')
  seq!: string;

  @Column({ type: 'varchar', length: 40 })
  orderId!: string;

  @ManyToOne(() => OrderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_order_payments_order' })
  order?: OrderEntity;

  @Column({ type: 'varchar', length: 16 })
  type!: OrderPaymentType;

  /** Positive, minor units. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  amount!: number;

  @Column({ type: 'char', length: 3 })
  currencyCode!: string;

  /** For a REFUND: the SALE it refunds. */
  @Column({ type: 'uuid', nullable: true })
  parentId!: string | null;

  /** For a SALE: how much of it has been refunded. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  refundedAmount!: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  processorReference!: string | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  notes!: string | null;

  @Column({ type: 'timestamptz' })
  occurredAt!: Date;
}
