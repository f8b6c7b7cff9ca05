import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ClassificationEntity } from './classification.entity';
import { RateEntity } from '../rates/rate.entity';

/** A rate of a classification. */
@Entity({ schema: 'tax', name: 'classification_rates' })
export class ClassificationRateEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_classification_rates' })
  ownerId!: string;

  @ManyToOne(() => ClassificationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_classification_rates_classification' })
  owner?: ClassificationEntity;

  @Index('classification_rates_rate_id_idx')
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_classification_rates' })
  rateId!: string;

  @ManyToOne(() => RateEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'rate_id', foreignKeyConstraintName: 'FK_classification_rates_rate' })
  rate?: RateEntity;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
