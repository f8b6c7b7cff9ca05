import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OverrideEntity } from './override.entity';
import type { MemberKind } from '../relations/member-kind';

/** A catalog SKU, SKU group or list an override applies to. */
@Entity({ schema: 'tax', name: 'override_members' })
@Index('override_members_lookup_idx', ['storeId', 'kind', 'memberId'])
export class OverrideMemberEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_override_members' })
  ownerId!: string;

  @ManyToOne(() => OverrideEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id', foreignKeyConstraintName: 'FK_override_members_override' })
  owner?: OverrideEntity;

  @PrimaryColumn({ type: 'varchar', length: 16, primaryKeyConstraintName: 'PK_override_members' })
  kind!: MemberKind;

  @PrimaryColumn({ type: 'varchar', length: 128, primaryKeyConstraintName: 'PK_override_members' })
  memberId!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
