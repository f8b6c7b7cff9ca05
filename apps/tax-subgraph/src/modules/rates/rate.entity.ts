import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { JurisdictionEntity } from '../jurisdictions/jurisdiction.entity';
import { StoreScopedColumns } from '../records/store-scoped.entity';

export type RateStatus = 'ACTIVE' | 'INACTIVE';

/**
 * A tax rate: a percentage (exact decimal, numeric(9,6), never a float) or a fixed amount per
 * unit in minor units; exactly one of the two. Without a jurisdiction it applies everywhere.
 */
@Entity({ schema: 'tax', name: 'rates' })
@Index('rates_store_created_idx', ['storeId', 'createdAt', 'id'])
@Index('rates_store_updated_idx', ['storeId', 'updatedAt', 'id'])
@Index('rates_store_label_idx', ['storeId', 'label', 'id'])
export class RateEntity extends StoreScopedColumns {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_rates' })
  id!: string;

  @Index('rates_jurisdiction_id_idx')
  @Column({ type: 'uuid', nullable: true })
  jurisdictionId!: string | null;

  @ManyToOne(() => JurisdictionEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'jurisdiction_id', foreignKeyConstraintName: 'FK_rates_jurisdiction' })
  jurisdiction?: JurisdictionEntity;

  @Column({ type: 'varchar', length: 128, nullable: true })
  name!: string | null;

  @Column({ type: 'varchar', length: 128 })
  label!: string;

  /** Decimal string as PostgreSQL returns numeric ("8.875000"); see percentage.ts. */
  @Column({ type: 'numeric', precision: 9, scale: 6, nullable: true })
  percentage!: string | null;

  @Column({ type: 'integer', nullable: true })
  amountValue!: number | null;

  @Column({ type: 'char', length: 3, nullable: true })
  amountCurrency!: string | null;

  @Column({ type: 'varchar', length: 8 })
  status!: RateStatus;
}
