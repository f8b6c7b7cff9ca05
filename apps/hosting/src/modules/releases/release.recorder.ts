import type { EntityManager } from 'typeorm';
import type { Variant } from '../apps/app-environment.entity';
import type { ReleaseOperationType, ReleaseRuntime } from './release.entity';

/** What an import, a deployment or a rollback records of the build it made its variant run. */
export interface NewRelease {
  readonly accountId: string;
  readonly appId: string;
  readonly variant: Variant;
  readonly operationType: ReleaseOperationType;
  readonly operationId: string;
  readonly importId: string;
  readonly buildOperationId: string;
  readonly buildDir: string;
  readonly secretsVersion: number;
  readonly runtime: ReleaseRuntime;
  /** For a rollback: the release it runs again. */
  readonly rollbackOf?: { readonly id: string; readonly version: number } | null;
}

/**
 * Records a release in the caller's transaction, the one that makes the variant run the build
 * (docs/hosting.md, "Releases and rollback"), numbered after the variant's newest. The caller
 * updated the variant's app_environments row first in that transaction, so concurrent commits of
 * one variant take their numbers one after the other (the unique index is the safety net). A
 * rollback also records the webhook event `deployment.rolled_back`. Returns the release's version.
 */
export async function recordRelease(manager: EntityManager, release: NewRelease): Promise<number> {
  const [row]: { id: string; version: number }[] = await manager.query(
    `INSERT INTO hosting.releases (id, account_id, app_id, variant, version, operation_type, operation_id,
                                   import_id, build_operation_id, build_dir, secrets_version, runtime, rollback_of)
     SELECT gen_random_uuid(), $1::uuid, $2::varchar, $3::varchar, coalesce(max(version), 0) + 1, $4::varchar,
            $5::uuid, $6::uuid, $7::uuid, $8::text, $9::int, $10::jsonb, $11::uuid
       FROM hosting.releases WHERE app_id = $2::varchar AND variant = $3::varchar
     RETURNING id, version`,
    [
      release.accountId,
      release.appId,
      release.variant,
      release.operationType,
      release.operationId,
      release.importId,
      release.buildOperationId,
      release.buildDir,
      release.secretsVersion,
      JSON.stringify(release.runtime),
      release.rollbackOf?.id ?? null,
    ],
  );
  if (release.rollbackOf)
    await manager.query(`SELECT hosting.record_webhook_event($1, $2, 'deployment.rolled_back', $3::jsonb)`, [
      release.accountId,
      release.appId,
      JSON.stringify({
        deploymentId: release.operationId,
        variant: release.variant,
        releaseId: row.id,
        version: row.version,
        importId: release.importId,
        rollbackOf: { releaseId: release.rollbackOf.id, version: release.rollbackOf.version },
      }),
    ]);
  return row.version;
}
