import { OperationRecordBase } from '@platform/queue';
import { Column, Entity, Index } from 'typeorm';
import type { OperationFailure } from '../failures';

/**
 * A restart of a variant's instances (POST /v1/hosting/apps/{appId}/restarts): OperationRecordBase
 * (EXECUTING → COMPLETED | FAILED, exactly once) run by the worker, one instance at a time.
 */
@Entity({ schema: 'hosting', name: 'restart_operations' })
@Index('restart_operations_app_idx', ['appId', 'createdAt', 'id'])
export class RestartOperationEntity extends OperationRecordBase {
  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 64 })
  appId!: string;

  @Column({ type: 'varchar', length: 16 })
  variant!: 'PREVIEW' | 'PUBLISH';

  /** When a replacement never got ready (phase START, PORT, HEALTH_CHECK…); null otherwise. */
  @Column({ type: 'jsonb', nullable: true })
  failure!: OperationFailure | null;
}
