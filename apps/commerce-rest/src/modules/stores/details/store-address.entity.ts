import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { StoreEntity } from '../store.entity';

/** The store's postal address (join `address`), medium-grained: at most one per store. */
@Entity({ schema: 'commerce', name: 'store_addresses' })
@Check('store_addresses_country_code_check', `"country_code" ~ '^([A-Z]{2}|C2)$'`)
export class StoreAddressEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_store_addresses' })
  storeId!: string;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_store_addresses_store' })
  store?: StoreEntity;

  @Column({ type: 'varchar', length: 300, nullable: true })
  addressLine1!: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  addressLine2!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  addressLine3!: string | null;

  /** Top-level subdivision, ISO 3166-2 style ("CA", not "California"). */
  @Column({ type: 'varchar', length: 300, nullable: true })
  adminArea1!: string | null;

  /** City or town. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  adminArea2!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  adminArea3!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  adminArea4!: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  postalCode!: string | null;

  /** ISO 3166-1 alpha-2, or C2. */
  @Column({ type: 'varchar', length: 2 })
  countryCode!: string;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
