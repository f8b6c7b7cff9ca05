import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The record `calculateTaxes` keeps of each calculation (audit: what was asked, what was
 * answered, which rates applied), so an order can point at the tax it was charged.
 */
@Entity({ schema: 'tax', name: 'calculations' })
@Index('calculations_store_created_idx', ['storeId', 'createdAt', 'id'])
export class CalculationEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_calculations' })
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'varchar', length: 64 })
  channelId!: string;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @Column({ type: 'bigint' })
  subtotal!: string;

  @Column({ type: 'bigint' })
  taxTotal!: string;

  @Column({ type: 'jsonb' })
  request!: object;

  @Column({ type: 'jsonb' })
  result!: object;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
