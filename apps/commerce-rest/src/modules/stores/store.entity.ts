import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { BusinessEntity } from '../businesses/business.entity';
import type { StoreProcessor, StoreStatus } from './store-processor';

/** The store record's own columns; optional joins (phone, address, …) live in their own tables. */
@Entity({ schema: 'commerce', name: 'stores' })
export class StoreEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('stores_business_id_idx')
  @Column({ type: 'uuid' })
  businessId!: string;

  @ManyToOne(() => BusinessEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'FK_stores_business' })
  business?: BusinessEntity;

  @Column({ type: 'varchar', length: 64 })
  displayName!: string;

  @Column({ type: 'varchar', length: 16, default: 'ACTIVE' })
  status!: StoreStatus;

  @Column({ type: 'char', length: 3 })
  currency!: string;

  @Column({ type: 'varchar', length: 64 })
  timezone!: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  acquirer!: StoreProcessor | null;

  @Column({ type: 'varchar', length: 32 })
  processor!: StoreProcessor;

  @Column({ type: 'varchar', length: 64, nullable: true })
  externalStoreId!: string | null;

  @Column({ type: 'boolean', default: false })
  fixedLocation!: boolean;

  @Column({ type: 'boolean', default: false })
  mockProcessor!: boolean;

  @Column({ type: 'double precision', nullable: true })
  longitude!: number | null;

  @Column({ type: 'double precision', nullable: true })
  latitude!: number | null;

  @Column({ type: 'uuid', nullable: true })
  defaultChannelId!: string | null;

  @Column({ type: 'uuid', nullable: true })
  defaultRetailChannelId!: string | null;

  /** The account that owns the store (the business's account at creation). */
  @Column({ type: 'uuid' })
  ownerId!: string;

  /** Store attribute keys this store accepts (the allow-list of GET/PUT …/attributes/{attrName}). */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  attributeKeys!: string[];

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
