import { bigintNumber } from '@platform/database';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrderEntity } from './order.entity';

/** An order-level discount: a fixed amount in the order's currency. */
@Entity({ schema: 'orders', name: 'order_discounts' })
@Index('order_discounts_order_idx', ['orderId', 'createdAt'])
export class OrderDiscountEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_order_discounts' })
  id!: string;

  @Column({ type: 'varchar', length: 40 })
  orderId!: string;

  @ManyToOne(() => OrderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_order_discounts_order' })
  order?: OrderEntity;

  @Column({ type: 'varchar', length: 128 })
  name!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  code!: string | null;

  /** The current amount; for a percentage discount re-derived from the subtotal on every change. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  amount!: number;

  /** Decimal percentage of the subtotal ("10", "12.5"); null for a fixed amount. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  ratePercentage!: string | null;

  /** The store's discount code it came from (applyDiscountCodes). */
  @Column({ type: 'uuid', nullable: true })
  discountCodeId!: string | null;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;
}
