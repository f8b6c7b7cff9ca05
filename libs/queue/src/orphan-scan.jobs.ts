import { declareQueue } from './job-dispatcher';
import type { QueueDeclaration } from './job-dispatcher';
import type { OperationRecordBase } from './operation-record.entity';
import type { OperationEntity } from './operation-runner.service';

/** How often a worker's orphan scan runs (and how old an EXECUTING record must be to count). */
export const ORPHAN_SCAN_EVERY_MS = 60_000;

export const SCAN_ORPHANS_JOB = 'scan-orphans';

/** What one orphan scan covers: the records of `entity`, whose jobs run on queue `operations`. */
export interface OrphanScanTarget<E extends OperationRecordBase = OperationRecordBase> {
  readonly entity: OperationEntity<E>;
  readonly operations: QueueDeclaration;
}

/**
 * The queue of the scan of `operations`: `<operations>-orphan-scan`, one job. A queue of its own
 * per scanned queue, so the scan never waits behind the operations it repairs, and queue names
 * stay distinct across services sharing a Redis key prefix.
 */
export function orphanScanQueue(operations: QueueDeclaration): QueueDeclaration<typeof SCAN_ORPHANS_JOB> {
  return declareQueue({ name: `${operations.name}-orphan-scan`, jobs: [SCAN_ORPHANS_JOB] });
}

/** One scheduler id per scanned entity: the scan runs once a minute across replicas, not once per replica. */
export function orphanScanSchedulerId(operations: QueueDeclaration): string {
  return `${operations.name}-orphan-scan-every-minute`;
}
