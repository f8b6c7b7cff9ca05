import { bigintNumber } from '@platform/database';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrderEntity } from './order.entity';
import type { FulfillmentMode, FulfillmentStatus, LineItemType } from './order-statuses';

/** One line of an order. Amounts in the order's currency, minor units. */
@Entity({ schema: 'orders', name: 'line_items' })
@Index('line_items_order_idx', ['orderId', 'position'])
@Index('line_items_store_sku_idx', ['storeId', 'skuId', 'id'])
export class LineItemEntity {
  /** Global id `LineItem_<KSUID>`. */
  @PrimaryColumn({ type: 'varchar', length: 40, primaryKeyConstraintName: 'PK_line_items' })
  id!: string;

  @Column({ type: 'varchar', length: 40 })
  orderId!: string;

  @ManyToOne(() => OrderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'FK_line_items_order' })
  order?: OrderEntity;

  @Column({ type: 'uuid' })
  storeId!: string;

  /** 1, 2, 3… within the order: the order lines are listed in. */
  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'varchar', length: 16 })
  type!: LineItemType;

  @Column({ type: 'varchar', length: 256 })
  name!: string;

  /** The catalog SKU (federation reference; the catalog subgraph owns it). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  skuId!: string | null;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  unitAmount!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  subTotal!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  discountTotal!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  taxTotal!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  total!: number;

  @Column({ type: 'varchar', length: 24 })
  fulfillmentMode!: FulfillmentMode;

  /** The line's fulfilment status. */
  @Column({ type: 'varchar', length: 24 })
  status!: FulfillmentStatus;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz' })
  updatedAt!: Date;
}
