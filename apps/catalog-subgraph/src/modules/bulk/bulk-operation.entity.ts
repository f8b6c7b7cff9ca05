import { OperationRecordBase } from '@platform/queue';
import { Column, Entity, Index } from 'typeorm';

export const BulkOperationType = { IMPORT: 'IMPORT', EXPORT: 'EXPORT' } as const;
export type BulkOperationType = (typeof BulkOperationType)[keyof typeof BulkOperationType];

/** CREATE: every line is a new SKU. UPSERT: a line whose code the store has replaces that SKU. */
export const SkuImportMode = { CREATE: 'CREATE', UPSERT: 'UPSERT' } as const;
export type SkuImportMode = (typeof SkuImportMode)[keyof typeof SkuImportMode];

/** One refused line of an import: its 1-based line number in the payload and why. */
export interface BulkLineError {
  readonly line: number;
  readonly message: string;
}

/**
 * A bulk import or export of a store's SKUs: OperationRecordBase (EXECUTING → COMPLETED | FAILED,
 * exactly once) plus the store, the counts and the first line errors. The JSON Lines themselves
 * (an import's payload, an export's result) are in bulk_operation_chunks.
 */
@Entity({ schema: 'catalog', name: 'bulk_operations' })
@Index('bulk_operations_store_created_idx', ['storeId', 'createdAt'])
export class CatalogBulkOperationEntity extends OperationRecordBase {
  @Column({ type: 'uuid' })
  storeId!: string;

  @Column({ type: 'varchar', length: 16 })
  type!: BulkOperationType;

  /** Imports only: CREATE or UPSERT. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  mode!: SkuImportMode | null;

  /** Import: SKU lines of the payload (blank lines left out). Export: lines written, final once COMPLETED. */
  @Column({ type: 'integer', default: 0 })
  totalLines!: number;

  /** Import: lines validated so far. Export: lines written so far. */
  @Column({ type: 'integer', default: 0 })
  processedLines!: number;

  @Column({ type: 'integer', default: 0 })
  createdCount!: number;

  @Column({ type: 'integer', default: 0 })
  updatedCount!: number;

  /** Lines refused (all of them; `lineErrors` keeps the first MAX_STORED_ERRORS). */
  @Column({ type: 'integer', default: 0 })
  failedCount!: number;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  lineErrors!: BulkLineError[];

  /** UTF-8 size of the import's payload, or of the export's result once COMPLETED. */
  @Column({ type: 'integer', default: 0 })
  jsonlBytes!: number;
}
