import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';

export const HOSTING_PRODUCTS = ['WEB_HOSTING'] as const;
export type HostingProduct = (typeof HOSTING_PRODUCTS)[number];
export const DEFAULT_HOSTING_PRODUCT: HostingProduct = 'WEB_HOSTING';

/** Apps one provisioned subscription can hold. */
export const DEFAULT_SLOT_LIMIT = 5;

/** Slots a plan provisioned through the internal API may have. */
export const MAX_SLOT_LIMIT = 100;

/**
 * A hosting plan of an account. Billing is outside the platform: a plan is provisioned on the first
 * attach of an account that has none, or sold by the Shopping API (POST
 * /internal/v1/accounts/{accountId}/hosting-plans, idempotent by its `reference`, unique per
 * account). attachedCount is changed only under the account's attach lock, so it never exceeds
 * slotLimit.
 */
@Entity({ schema: 'hosting', name: 'subscriptions' })
@Index('subscriptions_account_product_idx', ['accountId', 'hostingProduct'])
@Index('subscriptions_account_reference_key', ['accountId', 'reference'], {
  unique: true,
  where: 'reference IS NOT NULL',
})
export class SubscriptionEntity {
  @PrimaryColumn({ type: 'uuid' })
  subscriptionId!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 32 })
  hostingProduct!: HostingProduct;

  @Column({ type: 'varchar', length: 16 })
  status!: 'ACTIVE' | 'SUSPENDED';

  @Column({ type: 'integer' })
  slotLimit!: number;

  @Column({ type: 'integer', default: 0 })
  attachedCount!: number;

  /** The Shopping API's reference of a plan it provisioned; null for a plan made by an attach. */
  @Column({ type: 'varchar', length: 200, nullable: true })
  reference!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
