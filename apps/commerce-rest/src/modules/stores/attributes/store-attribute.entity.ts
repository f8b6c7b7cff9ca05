import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { StoreEntity } from '../store.entity';

/**
 * A store attribute value (GET/PUT/DELETE …/attributes/{attrName}; joins `attributes` and
 * `storeAttributes`). An ephemeral one has `expiresAt`: reads ignore it from then on and the purge
 * deletes it.
 */
@Entity({ schema: 'commerce', name: 'store_attributes' })
@Index('store_attributes_expires_at_idx', ['expiresAt'])
export class StoreAttributeEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_store_attributes' })
  storeId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_store_attributes' })
  name!: string;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_store_attributes_store' })
  store?: StoreEntity;

  @Column({ type: 'varchar', length: 256 })
  value!: string;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
