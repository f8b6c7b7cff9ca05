import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ClassificationEntity } from './classification.entity';
import type { MemberKind } from '../relations/member-kind';

/** A catalog SKU, SKU group or list classified in a classification. */
@Entity({ schema: 'tax', name: 'classification_members' })
@Index('classification_members_lookup_idx', ['storeId', 'kind', 'memberId'])
export class ClassificationMemberEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_classification_members' })
  ownerId!: string;

  @ManyToOne(() => ClassificationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_classification_members_classification' })
  owner?: ClassificationEntity;

  @PrimaryColumn({ type: 'varchar', length: 16, primaryKeyConstraintName: 'PK_classification_members' })
  kind!: MemberKind;

  @PrimaryColumn({ type: 'varchar', length: 128, primaryKeyConstraintName: 'PK_classification_members' })
  memberId!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
