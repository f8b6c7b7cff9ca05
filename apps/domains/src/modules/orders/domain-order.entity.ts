import { bigintNumber } from '@platform/database';
import { OperationRecordBase } from '@platform/queue';
import { Column, Entity, Index } from 'typeorm';

export const ORDER_TYPES = ['PURCHASE', 'RENEW', 'TRANSFER'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/**
 * A purchase, renewal or transfer and its asynchronous operation in one row (OperationRecordBase:
 * EXECUTING → COMPLETED | FAILED; the worker registers, extends or moves the domain). At most one
 * order per domain is EXECUTING (`orders_in_flight_domain_key`), so a second concurrent renewal or
 * transfer of one name is refused instead of done twice. A purchase placed through the internal
 * API (the Shopping API) carries the caller's `reference`, unique per account
 * (`orders_account_reference_key`), so a retry answers the same order.
 */
@Entity({ schema: 'domains', name: 'orders' })
@Index('orders_account_idx', ['accountId', 'createdAt'])
@Index('orders_in_flight_domain_key', ['domain'], { unique: true, where: `status = 'EXECUTING'` })
@Index('orders_account_reference_key', ['accountId', 'reference'], {
  unique: true,
  where: 'reference IS NOT NULL',
})
export class DomainOrderEntity extends OperationRecordBase {
  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 16 })
  type!: OrderType;

  @Column({ type: 'varchar', length: 253 })
  domain!: string;

  /** Years, 1 to 10. */
  @Column({ type: 'integer' })
  period!: number;

  /** Price of the order in micro-units of `currency` (1 USD = 1 000 000). */
  @Column({ type: 'bigint', transformer: bigintNumber })
  total!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  /** The internal caller's idempotency reference (POST …/domain-purchases); null for public orders. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  reference!: string | null;
}
