import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { StoreEntity } from '../store.entity';

/** A feature bundle the store subscribes to (join `subscribedBundles`). */
@Entity({ schema: 'commerce', name: 'store_subscribed_bundles' })
@Index('store_subscribed_bundles_store_name_key', ['storeId', 'name'], { unique: true })
export class StoreSubscribedBundleEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_store_subscribed_bundles' })
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_store_subscribed_bundles_store' })
  store?: StoreEntity;

  @Column({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  type!: string | null;

  @Column({ type: 'text', array: true })
  featureList!: string[];

  @Column({ type: 'jsonb' })
  featureConfig!: Record<string, unknown>;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
