import { bigintNumber } from '@platform/database';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { FulfillmentStatus, OrderStatus, PaymentStatus } from './order-statuses';

/** A postal address with the contact it belongs to (billing or shipping), stored as jsonb. */
export interface OrderContact {
  firstName?: string;
  lastName?: string;
  companyName?: string;
  email?: string;
  phone?: string;
  address?: {
    addressLine1?: string;
    addressLine2?: string;
    addressLine3?: string;
    /** State or province, ISO 3166-2 style ("CA"). */
    adminArea1?: string;
    /** City. */
    adminArea2?: string;
    adminArea3?: string;
    adminArea4?: string;
    postalCode?: string;
    /** ISO 3166-1 alpha-2 (absent only on storefront carts that did not give it; no tax then). */
    countryCode?: string;
  };
}

/** A metafield as the public storefront graph sends it (stored and returned as given). */
export interface StoredMetafield {
  key: string;
  value: string;
  type: 'JSON';
}

/** A tax of an order or line as the tax subgraph computed it for the cart. */
export interface StoredTax {
  /** The tax rate's id in the tax subgraph. */
  id: string;
  name: string;
  /** Decimal percentage string ("8.25"), null for a fixed amount. */
  ratePercentage: string | null;
  amount: number;
}

/**
 * An order of one store. Amounts are integers in the minor unit of `currencyCode`. Every write
 * increments `orderVersion` (optimistic concurrency for clients; writers also lock the row).
 */
@Entity({ schema: 'orders', name: 'orders' })
@Index('orders_store_number_key', ['storeId', 'number'], { unique: true })
@Index('orders_store_created_idx', ['storeId', 'createdAt', 'id'])
@Index('orders_store_updated_idx', ['storeId', 'updatedAt', 'id'])
@Index('orders_store_processed_idx', ['storeId', 'processedAt', 'id'])
@Index('orders_store_customer_idx', ['storeId', 'customerId'])
@Index('orders_store_placement_reference_key', ['storeId', 'placementReference'], { unique: true })
@Index('orders_tags_idx', { synchronize: false })
export class OrderEntity {
  /** Global id `Order_<KSUID>`. */
  @PrimaryColumn({ type: 'varchar', length: 40, primaryKeyConstraintName: 'PK_orders' })
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  /** 1, 2, 3… per store, in creation order. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  number!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: OrderStatus;

  @Column({ type: 'varchar', length: 24 })
  paymentStatus!: PaymentStatus;

  @Column({ type: 'varchar', length: 24 })
  fulfillmentStatus!: FulfillmentStatus;

  @Column({ type: 'uuid', nullable: true })
  channelId!: string | null;

  /** A customer of the store in commerce-rest (opaque here). */
  @Column({ type: 'uuid', nullable: true })
  customerId!: string | null;

  @Column({ type: 'char', length: 3 })
  currencyCode!: string;

  @Column({ type: 'bigint', transformer: bigintNumber })
  subTotal!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  discountTotal!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  shippingTotal!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  taxTotal!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  feeTotal!: number;

  @Column({ type: 'bigint', transformer: bigintNumber })
  total!: number;

  /** Sum of recorded SALE payments. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  paidTotal!: number;

  /** Sum of recorded REFUNDs. */
  @Column({ type: 'bigint', transformer: bigintNumber })
  refundedTotal!: number;

  @Column({ type: 'jsonb', nullable: true })
  billing!: OrderContact | null;

  @Column({ type: 'jsonb', nullable: true })
  shipping!: OrderContact | null;

  @Column({ type: 'text', array: true })
  tags!: string[];

  /** The storefront's own ids of the cart (public AddDraftOrderInput.externalId / cartId). */
  @Column({ type: 'varchar', length: 128, nullable: true })
  externalId!: string | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  cartId!: string | null;

  /**
   * The reference under which another platform service placed this order as a paid one
   * (POST /internal/v1/stores/{storeId}/paid-orders): unique per store, so a retried placement
   * answers the order it made. Null for orders made through the graphs.
   */
  @Column({ type: 'varchar', length: 128, nullable: true })
  placementReference!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  metafields!: StoredMetafield[] | null;

  /** No tax is computed for a tax-exempt order. */
  @Column({ type: 'boolean', default: false })
  taxExempted!: boolean;

  /** Per tax rate, from the tax subgraph's calculation of the cart (DRAFT orders). */
  @Column({ type: 'jsonb', nullable: true })
  taxes!: StoredTax[] | null;

  @Column({ type: 'integer' })
  orderVersion!: number;

  @Column({ type: 'timestamptz' })
  processedAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  canceledAt!: Date | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  cancelReason!: string | null;

  /** Set while the order is archived (hidden from `orders`, listed by `archivedOrders`). */
  @Column({ type: 'timestamptz', nullable: true })
  archivedAt!: Date | null;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz' })
  updatedAt!: Date;
}
