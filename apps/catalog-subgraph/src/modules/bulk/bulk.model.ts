import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { OperationStatus } from '@platform/queue';
import { BulkOperationType, SkuImportMode } from './bulk-operation.entity';
import type { CatalogBulkOperationEntity } from './bulk-operation.entity';

/** The runner's statuses under the catalog's own GraphQL enum name. */
export const BulkOperationStatus = {
  EXECUTING: OperationStatus.EXECUTING,
  COMPLETED: OperationStatus.COMPLETED,
  FAILED: OperationStatus.FAILED,
} as const;

registerEnumType(BulkOperationType, {
  name: 'CatalogBulkOperationType',
  description: 'IMPORT: startSkuImport. EXPORT: startSkuExport.',
});
registerEnumType(BulkOperationStatus, {
  name: 'CatalogBulkOperationStatus',
  description: 'EXECUTING until the worker ends it, then COMPLETED or FAILED (once).',
});
registerEnumType(SkuImportMode, {
  name: 'SkuImportMode',
  description:
    'CREATE: every line is a new SKU; a code the store already has refuses the line. UPSERT: every line ' +
    'needs a code; a SKU of that code is replaced by the line (fields it leaves out are cleared, status ' +
    'ACTIVE unless given, id and createdAt kept), other lines are created.',
});

@ObjectType('CatalogBulkLineError', { description: 'A refused line of an import.' })
export class CatalogBulkLineError {
  @Field(() => Int, { description: '1-based line number in the jsonl, blank lines counted.' })
  line!: number;

  @Field()
  message!: string;
}

@ObjectType('CatalogBulkOperation', {
  description:
    'An asynchronous import or export of the store’s SKUs as JSON Lines; poll catalogBulkOperation(id). ' +
    'Kept 7 days after it ended.',
})
export class CatalogBulkOperation {
  @Field()
  id!: string;

  @Field(() => BulkOperationType)
  type!: BulkOperationType;

  @Field(() => BulkOperationStatus)
  status!: OperationStatus;

  @Field(() => SkuImportMode, { nullable: true, description: 'Imports only.' })
  mode!: SkuImportMode | null;

  @Field(() => Int, {
    description:
      'Import: SKU lines in the jsonl (blank lines left out). Export: lines in the result, known once COMPLETED.',
  })
  totalLines!: number;

  @Field(() => Int, { description: 'Import: lines validated so far. Export: lines written so far.' })
  processedLines!: number;

  @Field(() => Int, { description: 'SKUs created (an import writes all of its lines or none).' })
  createdCount!: number;

  @Field(() => Int, { description: 'SKUs replaced by an UPSERT import.' })
  updatedCount!: number;

  @Field(() => Int, { description: 'Lines refused; any refused line fails the import and writes nothing.' })
  failedCount!: number;

  @Field(() => [CatalogBulkLineError], { description: 'The first 100 refused lines, in line order.' })
  errors!: CatalogBulkLineError[];

  @Field(() => String, {
    nullable: true,
    description: 'Why it FAILED: INVALID_LINES (see errors), RETRIES_EXHAUSTED, JOB_FAILED, …',
  })
  failureCode!: string | null;

  @Field(() => String, { nullable: true })
  failureMessage!: string | null;

  @Field(() => Int, {
    description: 'UTF-8 bytes of the import’s jsonl, or of the export’s result once COMPLETED.',
  })
  jsonlBytes!: number;

  @Field()
  createdAt!: Date;

  @Field()
  updatedAt!: Date;

  @Field(() => Date, { nullable: true, description: 'When it became COMPLETED or FAILED.' })
  completedAt!: Date | null;
}

export function toCatalogBulkOperation(row: CatalogBulkOperationEntity): CatalogBulkOperation {
  return Object.assign(new CatalogBulkOperation(), {
    id: row.id,
    type: row.type,
    status: row.status,
    mode: row.mode,
    totalLines: row.totalLines,
    processedLines: row.processedLines,
    createdCount: row.createdCount,
    updatedCount: row.updatedCount,
    failedCount: row.failedCount,
    errors: row.lineErrors.map((e) => Object.assign(new CatalogBulkLineError(), e)),
    failureCode: row.failureCode,
    failureMessage: row.failureMessage,
    jsonlBytes: row.jsonlBytes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
  });
}
