import type { EntityManager } from 'typeorm';
import type { Variant } from '../apps/app-environment.entity';

/**
 * Versions of an app variant's secret set (docs/hosting.md, "Secret versions"), in SQL over the
 * caller's transaction: each version > 0 is a row of `app_secret_snapshots` with the sealed values
 * as `app_secrets` held them (copied by Postgres: nothing here opens or seals a value), the newest
 * being the version in force; 0 is the empty set of a variant whose secrets never changed. Writers
 * hold lockSecrets.
 */

/** Serializes the changes of one variant's secrets (PATCH, system-managed writes, restores). */
export async function lockSecrets(manager: EntityManager, appId: string, variant: Variant): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('hosting.app_secrets'), hashtext($1))`, [
    `${appId}/${variant}`,
  ]);
}

/** The version in force (0: the variant's secrets never changed, an empty set). */
export async function secretsVersion(
  manager: EntityManager,
  appId: string,
  variant: Variant,
): Promise<number> {
  const rows: { version: number | null }[] = await manager.query(
    `SELECT max(version) AS version FROM hosting.app_secret_snapshots WHERE app_id = $1 AND variant = $2`,
    [appId, variant],
  );
  return rows[0]?.version ?? 0;
}

/**
 * Makes the variant's current secrets the next version: copies the sealed values into a snapshot
 * numbered after the newest. Returns the new version.
 */
export async function snapshotSecrets(
  manager: EntityManager,
  appId: string,
  variant: Variant,
): Promise<number> {
  const version = (await secretsVersion(manager, appId, variant)) + 1;
  await manager.query(
    `INSERT INTO hosting.app_secret_snapshots (app_id, variant, version, secrets)
     SELECT $1::varchar, $2::varchar, $3::int, coalesce(jsonb_agg(jsonb_build_object('name', name,
              'sealedValue', encode(sealed_value, 'base64'), 'keyId', key_id,
              'systemManaged', system_managed) ORDER BY name), '[]'::jsonb)
       FROM hosting.app_secrets WHERE app_id = $1 AND variant = $2`,
    [appId, variant, version],
  );
  return version;
}

/**
 * Makes the variant's secrets equal to `version`'s again, as a new version (returned); false when
 * that version's snapshot is gone (only versions of kept releases and the current one are sure to
 * be kept). Sealed values are copied as they are: their associated data (app, variant, name) is
 * the same.
 */
export async function restoreSecrets(
  manager: EntityManager,
  appId: string,
  variant: Variant,
  version: number,
): Promise<number | false> {
  if (version > 0) {
    const found: unknown[] = await manager.query(
      `SELECT 1 FROM hosting.app_secret_snapshots WHERE app_id = $1 AND variant = $2 AND version = $3`,
      [appId, variant, version],
    );
    if (found.length === 0) return false;
  }
  await manager.query(`DELETE FROM hosting.app_secrets WHERE app_id = $1 AND variant = $2`, [appId, variant]);
  await manager.query(
    `INSERT INTO hosting.app_secrets (app_id, variant, name, sealed_value, key_id, system_managed)
     SELECT $1::varchar, $2::varchar, e->>'name', decode(e->>'sealedValue', 'base64'), e->>'keyId',
            (e->>'systemManaged')::boolean
       FROM hosting.app_secret_snapshots s, jsonb_array_elements(s.secrets) e
      WHERE s.app_id = $1 AND s.variant = $2 AND s.version = $3`,
    [appId, variant, version],
  );
  return snapshotSecrets(manager, appId, variant);
}
