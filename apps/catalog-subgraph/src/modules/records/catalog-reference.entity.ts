import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An external system's id for a catalog record (name = the system, unique per record). Deleted
 * with nothing: records are archived, never deleted.
 */
@Entity({ schema: 'catalog', name: 'external_references' })
@Index('external_references_owner_name_key', ['ownerId', 'name'], { unique: true })
@Index('external_references_store_value_idx', ['storeId', 'value'])
export class CatalogReferenceEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_external_references' })
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'varchar', length: 256 })
  value!: string;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
