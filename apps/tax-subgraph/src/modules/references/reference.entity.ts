import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** Records that carry external references. */
export type ReferenceOwnerType = 'CLASSIFICATION' | 'OVERRIDE' | 'RATE';

/**
 * An external system's id for a classification, override or rate (name = the system, unique per
 * record). Polymorphic owner, so no foreign key: deleting an owner deletes its references in the
 * same transaction.
 */
@Entity({ schema: 'tax', name: 'external_references' })
@Index('external_references_owner_name_key', ['ownerType', 'ownerId', 'name'], { unique: true })
@Index('external_references_store_value_idx', ['storeId', 'ownerType', 'value'])
export class ReferenceEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_external_references' })
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'varchar', length: 16 })
  ownerType!: ReferenceOwnerType;

  @Column({ type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'varchar', length: 256 })
  value!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
