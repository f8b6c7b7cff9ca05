import { CreatedAtColumn, UpdatedAtColumn, bigintNumber } from '@platform/database';
import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PlatformProductEntity } from './platform-product.entity';
import type { PlatformCatalogStatus } from './platform-product.entity';

/**
 * One price row of a platform product. For DOMAIN_REGISTRATION, `attributes` is
 * `{tld, minYears, maxYears}` and `amount` the price of ONE year (a name's variant for n years costs
 * amount × n); at most one ACTIVE row per TLD (the partial unique expression index
 * `platform_variants_active_tld_key`, hand-written in the migration). For HOSTING_PLAN,
 * `attributes` is `{slotLimit, periodYears}` and `amount` the price of that period. Amounts are
 * ISO 4217 minor units of `currency`.
 */
@Entity({ schema: 'shopping', name: 'platform_variants' })
@Index('platform_variants_product_position_key', ['productId', 'position'], { unique: true })
@Index('platform_variants_active_tld_key', { synchronize: false })
@Check('platform_variants_status_check', `"status" IN ('ACTIVE', 'ARCHIVED')`)
@Check('platform_variants_amount_check', `"amount" >= 0`)
@Check('platform_variants_currency_check', `"currency" ~ '^[A-Z]{3}$'`)
export class PlatformVariantEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  productId!: string;

  @ManyToOne(() => PlatformProductEntity, { onDelete: 'RESTRICT', nullable: false })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'platform_variants_product_fk' })
  product?: PlatformProductEntity;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'bigint', transformer: bigintNumber })
  amount!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'jsonb', default: () => `'{}'` })
  attributes!: Record<string, unknown>;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: PlatformCatalogStatus;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
