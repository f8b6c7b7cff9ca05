import { OperationRecordBase } from '@platform/queue';
import { Column, Entity, Index } from 'typeorm';

/** Kinds of app-level operations. Imports and deployments are resources of their own (own tables). */
export const APP_OPERATION_KINDS = ['CREATE'] as const;
export type AppOperationKind = (typeof APP_OPERATION_KINDS)[number];

/**
 * An app operation (GET /v1/hosting/app-operations/{operationId}; the earlier namespace's job):
 * OperationRecordBase (EXECUTING → COMPLETED | FAILED, exactly once) plus the account and app.
 */
@Entity({ schema: 'hosting', name: 'app_operations' })
@Index('app_operations_account_idx', ['accountId'])
export class AppOperationEntity extends OperationRecordBase {
  @Column({ type: 'varchar', length: 32 })
  kind!: AppOperationKind;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 64 })
  appId!: string;
}
