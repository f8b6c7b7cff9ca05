import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { StoreEntity } from '../store.entity';

export const PHONE_TYPES = ['FAX', 'HOME', 'MOBILE', 'OTHER', 'WORK'] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];

/** The store's phone (join `phone`): at most one per store. */
@Entity({ schema: 'commerce', name: 'store_phones' })
@Check('store_phones_type_check', `"type" IN ('FAX', 'HOME', 'MOBILE', 'OTHER', 'WORK')`)
export class StorePhoneEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_store_phones' })
  storeId!: string;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_store_phones_store' })
  store?: StoreEntity;

  @Column({ type: 'varchar', length: 8, nullable: true })
  type!: PhoneType | null;

  /** ITU calling code, 1 to 3 digits. */
  @Column({ type: 'varchar', length: 3 })
  countryCode!: string;

  @Column({ type: 'varchar', length: 14 })
  nationalNumber!: string;

  @Column({ type: 'varchar', length: 15, nullable: true })
  extensionNumber!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
