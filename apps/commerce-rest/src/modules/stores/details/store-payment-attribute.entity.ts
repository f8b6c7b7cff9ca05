import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { StoreEntity } from '../store.entity';

/** One payment configuration key/value of a store (join `paymentAttributes`). */
@Entity({ schema: 'commerce', name: 'store_payment_attributes' })
export class StorePaymentAttributeEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_store_payment_attributes' })
  storeId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_store_payment_attributes' })
  name!: string;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_store_payment_attributes_store' })
  store?: StoreEntity;

  @Column({ type: 'varchar', length: 256 })
  value!: string;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
