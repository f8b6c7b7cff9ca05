import { OperationRecordBase } from '@platform/queue';
import { Column, Entity, Index } from 'typeorm';
import type { Variant } from '../apps/app-environment.entity';
import type { OperationFailure } from '../failures';

/**
 * A deployment (POST /v1/hosting/apps/{appId}/deployments; the earlier namespace's deployment
 * record): OperationRecordBase (EXECUTING → COMPLETED | FAILED, exactly once) plus what it publishes,
 * fixed when it is accepted: the import running in PREVIEW then, its build directory and start
 * command. The operation id is the deployment id. A rollback is a deployment too (`rollbackOfReleaseId`).
 */
@Entity({ schema: 'hosting', name: 'deployment_operations' })
@Index('deployment_operations_app_idx', ['appId', 'createdAt', 'id'])
@Index('deployment_operations_account_idx', ['accountId'])
export class DeploymentOperationEntity extends OperationRecordBase {
  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 64 })
  appId!: string;

  /** The import whose build is published (PREVIEW's build when the deployment was accepted). */
  @Column({ type: 'uuid' })
  importId!: string;

  /** That import's build directory; the deployment copies it, so PUBLISH never shares PREVIEW's files. */
  @Column({ type: 'text' })
  sourceBuildDir!: string;

  /** That build's start command (`{command, args}`). */
  @Column({ type: 'jsonb' })
  startCommand!: { command: string; args: string[] };

  /** True when PUBLISH already ran this import: nothing was restarted. Null until COMPLETED. */
  @Column({ type: 'boolean', nullable: true })
  noOp!: boolean | null;

  /**
   * When FAILED in one of the app's phases: which phase, its code, the first relevant log line and
   * a hint (docs/hosting.md, "Failures that say why"). Null otherwise (platform refusals such as
   * SUPERSEDED, retries exhausted).
   */
  @Column({ type: 'jsonb', nullable: true })
  failure!: OperationFailure | null;

  /** The variant it starts the build in: PUBLISH, or PREVIEW for a rollback of PREVIEW. */
  @Column({ type: 'varchar', length: 16, default: 'PUBLISH' })
  variant!: Variant;

  /**
   * Set for a rollback (POST …/rollback): the release whose build and secrets it runs again, with no
   * import copied and nothing built; `sourceBuildDir` is then that release's build directory.
   */
  @Column({ type: 'uuid', nullable: true })
  rollbackOfReleaseId!: string | null;
}
