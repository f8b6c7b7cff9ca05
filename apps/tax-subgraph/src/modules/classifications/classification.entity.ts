import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { StoreScopedColumns } from '../records/store-scoped.entity';

/**
 * A tax class of goods ("Clothing", "Prepared food"): its rates apply to the lines classified
 * in it; SKUs, SKU groups and lists of the catalog can be members. Referable from other
 * subgraphs as a federation entity (@key "id").
 */
@Entity({ schema: 'tax', name: 'classifications' })
@Index('classifications_store_name_key', ['storeId', 'name'], { unique: true })
@Index('classifications_store_created_idx', ['storeId', 'createdAt', 'id'])
@Index('classifications_store_updated_idx', ['storeId', 'updatedAt', 'id'])
export class ClassificationEntity extends StoreScopedColumns {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_classifications' })
  id!: string;

  @Column({ type: 'varchar', length: 128 })
  name!: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  label!: string | null;

  @Column({ type: 'varchar', length: 1024, nullable: true })
  description!: string | null;
}
