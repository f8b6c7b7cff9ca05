import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CatalogBulkOperationEntity } from './bulk-operation.entity';

/**
 * Up to CHUNK_LINES consecutive lines of an operation's JSON Lines: an import's payload (kept
 * until the import ends) or an export's result. `firstLine` is 1-based; lines are joined by "\n".
 * Deleted with their operation.
 */
@Entity({ schema: 'catalog', name: 'bulk_operation_chunks' })
export class CatalogBulkChunkEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_bulk_operation_chunks' })
  operationId!: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_bulk_operation_chunks' })
  firstLine!: number;

  @Column({ type: 'integer' })
  lineCount!: number;

  @Column({ type: 'text' })
  jsonl!: string;

  @ManyToOne(() => CatalogBulkOperationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'operation_id', foreignKeyConstraintName: 'FK_bulk_operation_chunks_operation' })
  operation?: CatalogBulkOperationEntity;
}
