import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryColumn,
  UpdateDateColumn,
  VersionColumn,
} from 'typeorm';
import type { UcpLineItem, UcpMessage, UcpTotal } from '../ucp/ucp-types';
import type { CheckoutInput } from './checkout-input';

export const CHECKOUT_STATUSES = [
  'incomplete',
  'requires_escalation',
  'ready_for_complete',
  'complete_in_progress',
  'completed',
  'canceled',
] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** Statuses nothing changes any more (UCP: completed is immutable; canceled is final). */
export const TERMINAL_STATUSES: readonly CheckoutStatus[] = ['completed', 'canceled'];

/**
 * One UCP checkout session of a business (`platform`, or `store:<storeId>`), owned by the
 * account whose token created it. `input` is what the agent last sent (update is a full
 * replacement); line items, totals and messages are what the business made of it.
 * `checkout_sessions_expiry_idx` (partial: live sessions only) serves the worker's expiry sweep.
 */
@Entity({ schema: 'shopping', name: 'checkout_sessions' })
@Index('checkout_sessions_account_idx', ['accountId', 'createdAt'])
@Index('checkout_sessions_expiry_idx', { synchronize: false })
export class CheckoutSessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Column({ type: 'varchar', length: 48 })
  business!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'text' })
  agentProfileUrl!: string;

  @Column({ type: 'varchar', length: 24 })
  status!: CheckoutStatus;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @Column({ type: 'jsonb' })
  input!: CheckoutInput;

  @Column({ type: 'jsonb' })
  lineItems!: UcpLineItem[];

  @Column({ type: 'jsonb' })
  totals!: UcpTotal[];

  @Column({ type: 'jsonb' })
  messages!: UcpMessage[];

  @Column({ type: 'jsonb' })
  appliedDiscounts!: { code: string; title: string; amount: number }[];

  @Column({ type: 'varchar', length: 40, nullable: true })
  orderId!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  cartId!: string | null;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;

  @VersionColumn()
  version!: number;
}
