import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '@platform/database';
import { StoreEntity } from '../stores/store.entity';
import { ChannelEntity } from './channel.entity';
import type { ChannelStoreStatus } from './channel-types';

/**
 * A channel's registration to a store (the channel's `registeredStores[]`). A store has at most one
 * default channel (partial unique index), which is also the store's `defaultChannelId`.
 */
@Entity({ schema: 'commerce', name: 'channel_stores' })
@Index('channel_stores_store_default_uidx', ['storeId'], { unique: true, where: '"is_default"' })
export class ChannelStoreEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_channel_stores' })
  channelId!: string;

  @ManyToOne(() => ChannelEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'channel_id', foreignKeyConstraintName: 'FK_channel_stores_channel' })
  channel?: ChannelEntity;

  @Index('channel_stores_store_id_idx')
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_channel_stores' })
  storeId!: string;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'FK_channel_stores_store' })
  store?: StoreEntity;

  @Column({ type: 'varchar', length: 16, default: 'ENABLED' })
  status!: ChannelStoreStatus;

  @Column({ type: 'boolean', default: false })
  isDefault!: boolean;

  @CreatedAtColumn({ precision: 3 })
  createdAt!: Date;
}
