import { CreatedAtColumn } from '@platform/database';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Variant } from '../apps/app-environment.entity';

/** What made a release: an import (PREVIEW) or a deployment (PUBLISH, and every rollback). */
export const RELEASE_OPERATION_TYPES = ['IMPORT', 'DEPLOYMENT'] as const;
export type ReleaseOperationType = (typeof RELEASE_OPERATION_TYPES)[number];

/** A build's start command, as builds and app environments store it. */
export interface StartCommand {
  readonly command: string;
  readonly args: string[];
}

/**
 * The runtime settings a release ran with. A jsonb, so that later settings (instances, health
 * checks) are added without a migration; a release keeps the settings it was made with.
 */
export interface ReleaseRuntime {
  readonly startCommand: StartCommand;
  /** HOSTING_APP_MEMORY_MB of the worker that started it. */
  readonly memoryMb: number;
}

/**
 * One immutable release of an app variant (docs/hosting.md, "Releases and rollback"): written in
 * the transaction that makes the variant run a new build (an import's completion for PREVIEW, a
 * deployment's for PUBLISH, a rollback's for either). `version` numbers the variant's releases from
 * 1 (v1, v2, … as Heroku does). The build is the directory of `buildOperationId` (an import's for
 * PREVIEW, a deployment's copy for PUBLISH); `secretsVersion` the variant's secret set then in force
 * (hosting.app_secret_snapshots), never its values.
 */
@Entity({ schema: 'hosting', name: 'releases' })
@Index('releases_variant_version_key', ['appId', 'variant', 'version'], { unique: true })
@Index('releases_operation_idx', ['operationId'])
export class ReleaseEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'varchar', length: 64 })
  appId!: string;

  @Column({ type: 'varchar', length: 16 })
  variant!: Variant;

  /** 1, 2, … per app variant, in the order of the commits that made them. */
  @Column({ type: 'integer' })
  version!: number;

  @Column({ type: 'varchar', length: 16 })
  operationType!: ReleaseOperationType;

  /** The import or deployment whose completion made the release. */
  @Column({ type: 'uuid' })
  operationId!: string;

  /** The import whose build this is (the same build for every release that runs it). */
  @Column({ type: 'uuid' })
  importId!: string;

  /** The operation whose directory holds the build: `<data>/imports/<id>` or `<data>/deployments/<id>`. */
  @Column({ type: 'uuid' })
  buildOperationId!: string;

  @Column({ type: 'text' })
  buildDir!: string;

  /** The variant's secrets version in force when the build was started. */
  @Column({ type: 'integer' })
  secretsVersion!: number;

  @Column({ type: 'jsonb' })
  runtime!: ReleaseRuntime;

  /** The release a rollback ran again; null for a deployment or an import. */
  @Column({ type: 'uuid', nullable: true })
  rollbackOf!: string | null;

  @CreatedAtColumn({ precision: 3 })
  createdAt!: Date;
}
