import { bigintNumber } from '@platform/database';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export const DISCOUNT_CODE_STATUSES = ['ACTIVE', 'DISABLED', 'ARCHIVED'] as const;
export type DiscountCodeStatus = (typeof DISCOUNT_CODE_STATUSES)[number];

/**
 * A discount code of one store, created through the admin graph and applied to carts by
 * `applyDiscountCodes`: a fixed amount (minor units of `currencyCode`) or a percentage of the
 * cart's subtotal, valid from `startsAt` (inclusive) to `endsAt` (exclusive) while ACTIVE.
 */
@Entity({ schema: 'orders', name: 'discount_codes' })
@Index('discount_codes_store_code_key', ['storeId', 'codeKey'], { unique: true })
@Index('discount_codes_store_created_idx', ['storeId', 'createdAt', 'id'])
export class DiscountCodeEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_discount_codes' })
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  /** As the merchant wrote it. */
  @Column({ type: 'varchar', length: 64 })
  code!: string;

  /** Upper case: codes match without regard to case. */
  @Column({ type: 'varchar', length: 64 })
  codeKey!: string;

  @Column({ type: 'varchar', length: 128 })
  name!: string;

  @Column({ type: 'bigint', transformer: bigintNumber, nullable: true })
  amountValue!: number | null;

  @Column({ type: 'char', length: 3, nullable: true })
  currencyCode!: string | null;

  /** Decimal percentage string ("10", "12.5"), above 0 and at most 100. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  ratePercentage!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  startsAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  endsAt!: Date | null;

  @Column({ type: 'varchar', length: 16 })
  status!: DiscountCodeStatus;

  @Column({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz' })
  updatedAt!: Date;
}
