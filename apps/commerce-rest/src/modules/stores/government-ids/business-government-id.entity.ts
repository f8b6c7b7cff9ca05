import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAtColumn, UpdatedAtColumn } from '@platform/database';
import { BusinessEntity } from '../../businesses/business.entity';

export const GOVERNMENT_ID_TYPES = ['EIN', 'SSN'] as const;
export type GovernmentIdType = (typeof GOVERNMENT_ID_TYPES)[number];

/**
 * A government id of a business. The id itself is kept only sealed with SecretBox (AES-256-GCM,
 * associated data = business id and type); it is never stored, logged or returned in clear.
 */
@Entity({ schema: 'commerce', name: 'business_government_ids' })
@Check('business_government_ids_type_check', `"type" IN ('EIN', 'SSN')`)
export class BusinessGovernmentIdEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_business_government_ids' })
  id!: string;

  @Index('business_government_ids_business_id_idx')
  @Column({ type: 'uuid' })
  businessId!: string;

  @ManyToOne(() => BusinessEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'FK_business_government_ids_business' })
  business?: BusinessEntity;

  @Column({ type: 'varchar', length: 8 })
  type!: GovernmentIdType;

  @Column({ type: 'bytea' })
  governmentIdCiphertext!: Buffer;

  /** Index in the list of the last PUT: reads return the ids in the order they were given. */
  @Column({ type: 'smallint' })
  position!: number;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
