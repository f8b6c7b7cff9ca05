import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn } from '@platform/database';
import { BusinessEntity } from '../../businesses/business.entity';

/**
 * An agreement (terms of service, merchant agreement, …) a business accepted, one row per
 * accepted version. Join `businessAgreement` returns the most recently accepted one.
 */
@Entity({ schema: 'commerce', name: 'business_agreements' })
@Index('business_agreements_business_type_version_key', ['businessId', 'type', 'version'], { unique: true })
@Index('business_agreements_business_accepted_at_idx', ['businessId', 'acceptedAt'])
export class BusinessAgreementEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_business_agreements' })
  id!: string;

  @Column({ type: 'uuid' })
  businessId!: string;

  @ManyToOne(() => BusinessEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'FK_business_agreements_business' })
  business?: BusinessEntity;

  @Column({ type: 'varchar', length: 64 })
  type!: string;

  @Column({ type: 'varchar', length: 32 })
  version!: string;

  @Column({ type: 'timestamptz' })
  acceptedAt!: Date;

  /** The account that accepted it, when known. */
  @Column({ type: 'uuid', nullable: true })
  acceptedBy!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
