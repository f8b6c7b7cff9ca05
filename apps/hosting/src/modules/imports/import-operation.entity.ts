import { OperationRecordBase } from '@platform/queue';
import { Column, Entity, Index } from 'typeorm';
import type { OperationFailure } from '../failures';

/**
 * An import (POST /v1/hosting/apps/{appId}/imports; the earlier namespace's source upload job):
 * OperationRecordBase (EXECUTING → COMPLETED | FAILED, exactly once) plus the app, the account and
 * the stored upload. The operation id is the import id.
 */
@Entity({ schema: 'hosting', name: 'import_operations' })
@Index('import_operations_account_idx', ['accountId'])
@Index('import_operations_app_idx', ['appId', 'createdAt'])
export class ImportOperationEntity extends OperationRecordBase {
  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 64 })
  appId!: string;

  /** The uploaded archive under the data dir; removed once the import succeeded. */
  @Column({ type: 'text' })
  archivePath!: string;

  @Column({ type: 'integer' })
  archiveBytes!: number;

  /** The client's file name, as sent (informational). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  fileName!: string | null;

  /**
   * When FAILED in one of the app's phases: which phase, its code, the first relevant log line and
   * a hint (docs/hosting.md, "Failures that say why"). Null otherwise (platform refusals such as
   * SUPERSEDED, retries exhausted).
   */
  @Column({ type: 'jsonb', nullable: true })
  failure!: OperationFailure | null;
}
