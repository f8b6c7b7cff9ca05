import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import type { ChannelStatus, ChannelType } from './channel-types';

/** A sales channel; the stores it is registered to are in `channel_stores`. */
@Entity({ schema: 'commerce', name: 'channels' })
@Index('channels_created_at_id_idx', ['createdAt', 'id'])
export class ChannelEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 128 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  type!: ChannelType;

  @Column({ type: 'varchar', length: 16, default: 'ACTIVE' })
  status!: ChannelStatus;

  /** The channel's id at its provider (marketplace listing id, social shop id, …). */
  @Index('channels_external_channel_id_idx')
  @Column({ type: 'varchar', length: 64, nullable: true })
  externalChannelId!: string | null;

  @Column({ type: 'varchar', length: 256, nullable: true })
  subType!: string | null;

  /** Millisecond precision, so a page token (ISO string) round-trips exactly. */
  @CreatedAtColumn({ precision: 3 })
  createdAt!: Date;

  @UpdatedAtColumn({ precision: 3 })
  updatedAt!: Date;
}
