import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OverrideEntity } from './override.entity';
import { RateEntity } from '../rates/rate.entity';

/** A rate of an override (used instead of the classification's). */
@Entity({ schema: 'tax', name: 'override_rates' })
export class OverrideRateEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_override_rates' })
  ownerId!: string;

  @ManyToOne(() => OverrideEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_override_rates_override' })
  owner?: OverrideEntity;

  @Index('override_rates_rate_id_idx')
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_override_rates' })
  rateId!: string;

  @ManyToOne(() => RateEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'rate_id', foreignKeyConstraintName: 'FK_override_rates_rate' })
  rate?: RateEntity;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
