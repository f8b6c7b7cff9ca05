import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { isUuid } from '@platform/graphql-subgraph';
import { OperationRunner, OperationStatus } from '@platform/queue';
import type { OperationFields } from '@platform/queue';
import type { Queue } from 'bullmq';
import type { EntityManager } from 'typeorm';
import { CHUNK_LINES, MAX_EXECUTING_PER_STORE, MAX_IMPORT_BYTES } from './bulk-limits';
import { BulkOperationType, CatalogBulkOperationEntity, SkuImportMode } from './bulk-operation.entity';
import { BulkOperationsRepository } from './bulk-operations.repository';
import { CatalogBulkErrors } from './bulk.errors';
import { CatalogBulkQueue, EXPORT_SKUS_JOB, IMPORT_SKUS_JOB } from './bulk.jobs';
import { splitJsonl } from './jsonl-chunks';

/** What the resolver needs of an operation to serve its result. */
export interface BulkResultSource {
  readonly id: string;
  readonly type: BulkOperationType;
  readonly status: string;
}

/**
 * The API's side of bulk operations: starts an import (its payload stored with the record, in the
 * same transaction) or an export as an operation record in EXECUTING plus a `catalog-bulk` job
 * (OperationRunner), reads operations of the store and pages an export's result. The worker
 * (BulkImportRunner, BulkExportRunner) does the work.
 */
@Injectable()
export class BulkOperationsService {
  constructor(
    private readonly runner: OperationRunner,
    @InjectQueue(CatalogBulkQueue.name) private readonly queue: Queue,
    private readonly operations: BulkOperationsRepository,
  ) {}

  async startImport(
    storeId: string,
    jsonl: string,
    mode: SkuImportMode,
  ): Promise<CatalogBulkOperationEntity> {
    const bytes = Buffer.byteLength(jsonl, 'utf8');
    if (bytes > MAX_IMPORT_BYTES) throw CatalogBulkErrors.importTooLarge(bytes);
    const { chunks, contentLines } = splitJsonl(jsonl, CHUNK_LINES);
    if (contentLines === 0) throw CatalogBulkErrors.importEmpty();
    const started = await this.start(
      storeId,
      IMPORT_SKUS_JOB,
      { type: BulkOperationType.IMPORT, mode, totalLines: contentLines, jsonlBytes: bytes },
      (manager, operationId) => this.operations.boundTo(manager).insertChunks(operationId, chunks),
    );
    return this.get(storeId, started.id);
  }

  async startExport(storeId: string): Promise<CatalogBulkOperationEntity> {
    const started = await this.start(storeId, EXPORT_SKUS_JOB, { type: BulkOperationType.EXPORT });
    return this.get(storeId, started.id);
  }

  /** BULK_OPERATION_NOT_FOUND also for another store's operations. */
  async get(storeId: string, id: string): Promise<CatalogBulkOperationEntity> {
    const row = isUuid(id) ? await this.operations.findInStore(storeId, id.toLowerCase()) : null;
    if (!row) throw CatalogBulkErrors.notFound(id);
    return row;
  }

  /**
   * Lines offsetLine+1 … offsetLine+limit of a COMPLETED export, each ending with "\n" ("" past the
   * end); null for an import or an export not COMPLETED. Reads only the chunks holding them.
   */
  async resultPage(operation: BulkResultSource, offsetLine: number, limit: number): Promise<string | null> {
    if (operation.type !== BulkOperationType.EXPORT || operation.status !== OperationStatus.COMPLETED)
      return null;
    const from = offsetLine + 1;
    const to = from + limit;
    const chunks = await this.operations.chunksHoldingLines(operation.id, from, to);
    const lines: string[] = [];
    for (const chunk of chunks) {
      let line = chunk.firstLine;
      for (const text of chunk.jsonl.split('\n')) {
        if (line >= from && line < to) lines.push(text);
        line += 1;
      }
    }
    return lines.map((text) => `${text}\n`).join('');
  }

  private start(
    storeId: string,
    jobName: string,
    fields: Partial<OperationFields<CatalogBulkOperationEntity>> & { type: BulkOperationType },
    alsoWrite?: (manager: EntityManager, operationId: string) => Promise<void>,
  ): Promise<CatalogBulkOperationEntity> {
    return this.runner.start({
      entity: CatalogBulkOperationEntity,
      queue: this.queue,
      jobName,
      payload: { storeId },
      data: {
        storeId,
        mode: null,
        totalLines: 0,
        processedLines: 0,
        createdCount: 0,
        updatedCount: 0,
        failedCount: 0,
        lineErrors: [],
        jsonlBytes: 0,
        ...fields,
      },
      alsoWrite: async (manager, record) => {
        await this.assertRoom(manager, storeId);
        await alsoWrite?.(manager, record.id);
      },
    });
  }

  /** Serialised per store by a transaction lock, so two concurrent starts cannot both pass. */
  private async assertRoom(manager: EntityManager, storeId: string): Promise<void> {
    // The count includes the record this transaction just inserted.
    if ((await this.operations.boundTo(manager).countExecutingLocked(storeId)) > MAX_EXECUTING_PER_STORE)
      throw CatalogBulkErrors.busy();
  }
}
