import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One catalog record of any kind (SKU, SKU group, option, attribute, list, location, …): the
 * columns every kind filters and sorts by, plus the kind's own fields in `data` (validated by the
 * GraphQL input types before they get here; see record-kinds.ts). One table keeps one keyset index
 * per sort order for every kind, and one generic service for the 15 kinds' create/update/archive.
 * Timestamps have millisecond precision and are written by the application (keyset cursors).
 */
@Entity({ schema: 'catalog', name: 'records' })
@Index('records_store_kind_created_idx', ['storeId', 'kind', 'createdAt', 'id'])
@Index('records_store_kind_updated_idx', ['storeId', 'kind', 'updatedAt', 'id'])
@Index('records_store_kind_name_idx', ['storeId', 'kind', 'name', 'id'])
// (store_id, kind, name varchar_pattern_ops) for name prefixes: TypeORM cannot declare an operator
// class, so the migration owns it and schema sync leaves it alone.
@Index('records_store_kind_name_prefix_idx', { synchronize: false })
// A trigram GIN index over shopping-products/shopping-text.ts's expression for SKU groups and SKUs
// (Shopping API search), made by migration 1797000000500 only where pg_trgm can be installed.
@Index('records_shopping_text_trgm_idx', { synchronize: false })
@Index('records_store_kind_code_key', ['storeId', 'kind', 'code'], {
  unique: true,
  where: '"code" IS NOT NULL',
})
@Index('records_store_parent_idx', ['storeId', 'parentId'], { where: '"parent_id" IS NOT NULL' })
export class CatalogRecordEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_records' })
  id!: string;

  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  @Column({ type: 'varchar', length: 256 })
  name!: string;

  @Column({ type: 'varchar', length: 256, nullable: true })
  label!: string | null;

  /** Unique per store and kind where the kind has one (a SKU's code). */
  @Column({ type: 'varchar', length: 128, nullable: true })
  code!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  /** The record this one belongs to (an attribute value's attribute, a list tree node's tree, …). */
  @Column({ type: 'uuid', nullable: true })
  parentId!: string | null;

  @Column({ type: 'jsonb' })
  data!: Record<string, unknown>;

  @Column({ type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @Column({ type: 'timestamptz', precision: 3 })
  updatedAt!: Date;

  @Column({ type: 'timestamptz', precision: 3, nullable: true })
  archivedAt!: Date | null;
}
