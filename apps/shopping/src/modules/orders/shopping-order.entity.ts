import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  UpdateDateColumn,
  VersionColumn,
} from 'typeorm';
import type { UcpItem, UcpTotal } from '../ucp/ucp-types';

export type OrderLineStatus = 'processing' | 'partial' | 'fulfilled' | 'removed';

/** One order line (order_line_item.json) and how the business fulfils it. */
export interface OrderLine {
  readonly id: string;
  readonly item: UcpItem;
  readonly quantity: { readonly original: number; readonly total: number; readonly fulfilled: number };
  readonly totals: UcpTotal[];
  readonly status: OrderLineStatus;
}

export interface FulfillmentEvent {
  readonly id: string;
  readonly occurred_at: string;
  readonly type: string;
  readonly line_items: { readonly id: string; readonly quantity: number }[];
  readonly description?: string;
}

export interface OrderAdjustment {
  readonly id: string;
  readonly type: string;
  readonly occurred_at: string;
  readonly status: 'pending' | 'completed' | 'failed';
  readonly line_items?: { readonly id: string; readonly quantity: number }[];
  readonly totals?: UcpTotal[];
  readonly description?: string;
}

/**
 * A shopping order: what a completed checkout placed. Its lines' statuses follow their
 * fulfilment (platform: provisioning by the domains and hosting services; store: the order
 * subgraph's order, `external_order_id`). `events` and `adjustments` are append-only.
 */
@Entity({ schema: 'shopping', name: 'orders' })
@Index('orders_account_idx', ['accountId', 'createdAt'])
export class ShoppingOrderEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Index('orders_checkout_key', { unique: true })
  @Column({ type: 'varchar', length: 40 })
  checkoutId!: string;

  @Column({ type: 'varchar', length: 48 })
  business!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @Column({ type: 'jsonb' })
  lineItems!: OrderLine[];

  @Column({ type: 'jsonb' })
  totals!: UcpTotal[];

  @Column({ type: 'jsonb' })
  events!: FulfillmentEvent[];

  @Column({ type: 'jsonb' })
  adjustments!: OrderAdjustment[];

  @Column({ type: 'varchar', length: 64, nullable: true })
  externalOrderId!: string | null;

  /** Where order events go (the agent profile's dev.ucp.shopping.order webhook_url), if anywhere. */
  @Column({ type: 'text', nullable: true })
  webhookUrl!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  @VersionColumn()
  version!: number;
}
