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
/** Partial: platform orders with a line still `processing` (the provisioning sweep). */
@Index('orders_provisioning_idx', { synchronize: false })
/** Partial: orders whose confirmation e-mail is neither sent nor given up (the confirmation sweep). */
@Index('orders_confirmation_pending_idx', { synchronize: false })
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

  /**
   * The capabilities negotiated with the agent that placed it (name → version), so an order
   * webhook reports in `ucp` what a GET of the order by that agent would.
   */
  @Column({ type: 'jsonb' })
  ucpCapabilities!: Record<string, string>;

  /**
   * When the buyer's confirmation e-mail was handed over (modules/order-confirmations): accepted
   * by the SMTP server, or written to the worker's log when no server is configured (`via`).
   */
  @Column({ type: 'timestamptz', nullable: true })
  confirmationSentAt!: Date | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  confirmationVia!: 'smtp' | 'log' | null;

  /** When sending the confirmation was given up, and why (`confirmation_error`); never both. */
  @Column({ type: 'timestamptz', nullable: true })
  confirmationFailedAt!: Date | null;

  @Column({ type: 'text', nullable: true })
  confirmationError!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  @VersionColumn()
  version!: number;
}
