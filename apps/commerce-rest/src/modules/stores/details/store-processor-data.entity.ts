import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { StoreEntity } from '../store.entity';

/**
 * One processor data entry of a store (joins `processorData`, `processorDataNonSensitive`). Whether
 * it is sensitive is decided when it is written: a sensitive value is kept only sealed
 * (`valueCiphertext`, AES-256-GCM), a non-sensitive one in clear (`value`), never both.
 */
@Entity({ schema: 'commerce', name: 'store_processor_data' })
@Check(
  'store_processor_data_value_check',
  `("sensitive" AND "value" IS NULL AND "value_ciphertext" IS NOT NULL) OR (NOT "sensitive" AND "value" IS NOT NULL AND "value_ciphertext" IS NULL)`,
)
export class StoreProcessorDataEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_store_processor_data' })
  storeId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_store_processor_data' })
  name!: string;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_store_processor_data_store' })
  store?: StoreEntity;

  @Column({ type: 'boolean', default: false })
  sensitive!: boolean;

  @Column({ type: 'varchar', length: 1024, nullable: true })
  value!: string | null;

  @Column({ type: 'bytea', nullable: true })
  valueCiphertext!: Buffer | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
