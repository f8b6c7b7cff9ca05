import { bigintNumber } from '@platform/database';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrderEntity, type OrderContact, type StoredMetafield, type StoredTax } from './order.entity';
import type { FulfillmentMode, FulfillmentStatus, LineItemType } from './order-statuses';

/** What the storefront chose with the SKU, and what the catalog said about it. */
export interface LineItemDetailsData {
  sku?: string | null;
  productAssetUrl?: string | null;
  unitOfMeasure?: string | null;
  selectedOptions?: { attribute: string; values: string[] }[];
  selectedAddons?: {
    attribute: string;
    sku?: string | null;
    values: {
      name: string;
      amount?: { value: number; currencyCode: string } | null;
      amountIncreased?: boolean | null;
      costAdjustment?: { value: number; currencyCode: string } | null;
    }[];
  }[];
}

/** A note of a line, as the public graph's NoteInput carries it. */
export interface LineItemNoteData {
  id: string;
  content: string;
  authorType: 'NONE' | 'MERCHANT' | 'CUSTOMER';
  author: string | null;
  referenceId: string | null;
  createdAt: string;
}

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

  /** Whether the catalog says taxes apply to the SKU (no tax is asked for otherwise). */
  @Column({ type: 'boolean', default: true })
  taxable!: boolean;

  @Column({ type: 'jsonb', nullable: true })
  details!: LineItemDetailsData | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  externalId!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  fulfillmentChannelId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metafields!: StoredMetafield[] | null;

  @Column({ type: 'jsonb', nullable: true })
  notes!: LineItemNoteData[] | null;

  @Column({ type: 'text', array: true, nullable: true })
  tags!: string[] | null;

  @Column({ type: 'jsonb', nullable: true })
  shipping!: OrderContact | null;

  @Column({ type: 'timestamptz', nullable: true })
  serviceStartAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  serviceEndsAt!: Date | null;

  /** The line's taxes from the tax subgraph's calculation of the cart. */
  @Column({ type: 'jsonb', nullable: true })
  taxes!: StoredTax[] | null;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz' })
  updatedAt!: Date;
}
