import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { Column, Entity, PrimaryColumn } from 'typeorm';

export const PAYMENT_PROFILE_STATUSES = ['ACTIVE', 'DECLINED'] as const;
export type PaymentProfileStatus = (typeof PAYMENT_PROFILE_STATUSES)[number];

/**
 * The sandbox's stand-in for an account's billing: set by the admin CLI (`payment-profile add`,
 * `payment-profile decline`). No row: NO_PAYMENT_PROFILE; DECLINED: BILLING_DECLINED.
 */
@Entity({ schema: 'domains', name: 'payment_profiles' })
export class PaymentProfileEntity {
  @PrimaryColumn({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: PaymentProfileStatus;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
