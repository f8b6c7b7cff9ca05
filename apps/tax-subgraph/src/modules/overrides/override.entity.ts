import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { JurisdictionEntity } from '../jurisdictions/jurisdiction.entity';
import type { RateStatus } from '../rates/rate.entity';
import { StoreScopedColumns } from '../records/store-scoped.entity';

/** RATES: the override's rates replace the classification's. EXEMPTION: the matched lines are not taxed. */
export type OverrideType = 'RATES' | 'EXEMPTION';

/**
 * An exception for some SKUs, SKU groups or lists: replaces their rates, or exempts them, in
 * one jurisdiction (or everywhere). Precedence: docs/tax.md.
 */
@Entity({ schema: 'tax', name: 'overrides' })
@Index('overrides_store_created_idx', ['storeId', 'createdAt', 'id'])
@Index('overrides_store_updated_idx', ['storeId', 'updatedAt', 'id'])
@Index('overrides_store_name_idx', ['storeId', 'name', 'id'])
export class OverrideEntity extends StoreScopedColumns {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_overrides' })
  id!: string;

  @Column({ type: 'varchar', length: 128 })
  name!: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  label!: string | null;

  @Column({ type: 'varchar', length: 16 })
  type!: OverrideType;

  @Column({ type: 'varchar', length: 8 })
  status!: RateStatus;

  @Index('overrides_jurisdiction_id_idx')
  @Column({ type: 'uuid', nullable: true })
  jurisdictionId!: string | null;

  @ManyToOne(() => JurisdictionEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'jurisdiction_id', foreignKeyConstraintName: 'FK_overrides_jurisdiction' })
  jurisdiction?: JurisdictionEntity;
}
