import { Injectable } from '@nestjs/common';
import { SecretBox } from '@platform/crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AppEntity } from '../apps/app.entity';
import { VARIANTS, type Variant } from '../apps/app-environment.entity';
import { AppErrors } from '../apps/apps.errors';
import { applySecretPatch, type CurrentSecrets, type PatchResult, type SystemSecret } from '../secrets';
import { AppSecretEntity } from './app-secret.entity';
import { lockSecrets, restoreSecrets, secretsVersion, snapshotSecrets } from './secret-versions';

/** One secret's metadata (spec "Secret metadata"): never its value. */
export interface SecretMetadataView {
  readonly name: string;
  readonly systemManaged: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The app's secrets per variant, names sorted. */
export type SecretSetView = Readonly<Record<Variant, readonly SecretMetadataView[]>>;

const SYSTEM: SystemSecret = { system: true };
/**
 * What an existing user secret is given to the patch engine as: the engine copies current values and
 * never reads them, and only names a patch operation wrote (whose values come from the operation) are
 * stored, so a PATCH never has to decrypt anything.
 */
const UNREAD = '';

/** Associated data of a sealed value: a ciphertext copied to another app, variant or name does not open. */
export function secretAad(appId: string, variant: Variant, name: string): string {
  return JSON.stringify(['hosting.app_secrets', appId, variant, name]);
}

/**
 * Secrets of app variants (docs/hosting.md, "Secrets"): PATCH applies a JSON Patch with the pure
 * engine of `modules/secrets` and writes the result in one transaction, serialized per app and
 * variant; GET lists names and metadata; only the runtime reads decrypted values, through
 * SecretEnvSource.
 */
@Injectable()
export class SecretStoreService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  /**
   * Applies `ops` to the variant's secrets: all of them or none (a refused patch throws a
   * SecretPatchError before anything is written). Unknown app or another account's → APP_NOT_FOUND.
   */
  async patch(accountId: string, appId: string, variant: Variant, ops: unknown): Promise<SecretSetView> {
    return this.dataSource.transaction(async (manager) => {
      await this.requireApp(manager, accountId, appId);
      // Concurrent patches of one app variant run one after the other (each sees the previous result).
      await lockSecrets(manager, appId, variant);
      const rows = await manager.find(AppSecretEntity, {
        select: { name: true, systemManaged: true },
        where: { appId, variant },
      });
      const current: CurrentSecrets = new Map(
        rows.map((row) => [row.name, row.systemManaged ? SYSTEM : UNREAD] as const),
      );
      const result = applySecretPatch(current, ops);
      await this.write(manager, appId, variant, result);
      if (result.added.length + result.replaced.length + result.removed.length > 0)
        await snapshotSecrets(manager, appId, variant);
      return this.secretSet(manager, appId);
    });
  }

  /**
   * The app's secret set, both variants (GET …/secrets): metadata only, the query selects no
   * `sealed_value` and nothing is decrypted. Unknown app or another account's → APP_NOT_FOUND.
   */
  async list(accountId: string, appId: string): Promise<SecretSetView> {
    await this.requireApp(this.dataSource.manager, accountId, appId);
    return this.secretSet(this.dataSource.manager, appId);
  }

  /**
   * Sets a system-managed secret (the platform's own variables for an app). Not reachable from the
   * API; PATCH refuses to touch these names.
   */
  async setSystemSecret(appId: string, variant: Variant, name: string, value: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await lockSecrets(manager, appId, variant);
      await manager
        .createQueryBuilder()
        .insert()
        .into(AppSecretEntity)
        .values({ appId, variant, name, ...this.sealed(appId, variant, name, value), systemManaged: true })
        .orUpdate(['sealed_value', 'key_id', 'system_managed', 'updated_at'], ['app_id', 'variant', 'name'])
        .execute();
      await snapshotSecrets(manager, appId, variant);
    });
  }

  /** The variant's secrets version in force (docs/hosting.md, "Secret versions"). */
  version(appId: string, variant: Variant): Promise<number> {
    return secretsVersion(this.dataSource.manager, appId, variant);
  }

  /**
   * Makes the variant's secrets those of `version` again (a rollback), as a new version: returns it,
   * or false when that version's snapshot is gone. Nothing is decrypted.
   */
  restore(appId: string, variant: Variant, version: number): Promise<number | false> {
    return this.dataSource.transaction(async (manager) => {
      await lockSecrets(manager, appId, variant);
      return restoreSecrets(manager, appId, variant, version);
    });
  }

  /** Every secret of the variant, user and system-managed, decrypted. For the runtime only. */
  async decrypted(appId: string, variant: Variant): Promise<Record<string, string>> {
    const rows = await this.dataSource.getRepository(AppSecretEntity).find({
      where: { appId, variant },
      order: { name: 'ASC' },
    });
    const values: Record<string, string> = {};
    for (const row of rows) {
      Object.defineProperty(values, row.name, {
        value: this.box.open(row.sealedValue, secretAad(appId, variant, row.name)),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return values;
  }

  /**
   * Stores a patch's result with at most three statements whatever the number of operations: one
   * DELETE of the removed names, one multi-row INSERT of the added ones, one UPDATE … FROM (VALUES …)
   * of the replaced ones. Only the written values are sealed; the caller's transaction makes the
   * three all or nothing. An added name that exists by now (a system secret set meanwhile) fails the
   * INSERT on the primary key, and a user secret turned system-managed is not updated, as before.
   */
  private async write(
    manager: EntityManager,
    appId: string,
    variant: Variant,
    result: PatchResult,
  ): Promise<void> {
    if (result.removed.length > 0) {
      await manager.query(
        `DELETE FROM "hosting"."app_secrets"
          WHERE "app_id" = $1 AND "variant" = $2 AND "system_managed" = false AND "name" = ANY($3::varchar[])`,
        [appId, variant, result.removed],
      );
    }
    if (result.added.length > 0) {
      const { params, rows } = this.sealedRows(appId, variant, result.added, result.secrets);
      await manager.query(
        `INSERT INTO "hosting"."app_secrets" ("app_id", "variant", "name", "sealed_value", "key_id", "system_managed")
         SELECT $1::varchar, $2::varchar, v.name, v.sealed_value, $3::varchar, false
           FROM (VALUES ${rows}) AS v(name, sealed_value)`,
        params,
      );
    }
    if (result.replaced.length > 0) {
      const { params, rows } = this.sealedRows(appId, variant, result.replaced, result.secrets);
      await manager.query(
        `UPDATE "hosting"."app_secrets" AS s
            SET "sealed_value" = v.sealed_value, "key_id" = $3, "updated_at" = CURRENT_TIMESTAMP
           FROM (VALUES ${rows}) AS v(name, sealed_value)
          WHERE s."app_id" = $1 AND s."variant" = $2 AND s."name" = v.name AND s."system_managed" = false`,
        params,
      );
    }
  }

  /**
   * `$1` app, `$2` variant, `$3` key id, then a (name, sealed value) pair per name: the parameters and
   * the `VALUES` rows of one multi-row statement. Sealed values go to Postgres as binary parameters.
   */
  private sealedRows(
    appId: string,
    variant: Variant,
    names: readonly string[],
    values: ReadonlyMap<string, string>,
  ): { params: unknown[]; rows: string } {
    const params: unknown[] = [appId, variant, this.box.keyId];
    const rows = names.map((name) => {
      params.push(name, this.box.seal(values.get(name) as string, secretAad(appId, variant, name)));
      return `($${params.length - 1}::varchar, $${params.length}::bytea)`;
    });
    return { params, rows: rows.join(', ') };
  }

  private sealed(
    appId: string,
    variant: Variant,
    name: string,
    value: string,
  ): Pick<AppSecretEntity, 'sealedValue' | 'keyId'> {
    return { sealedValue: this.box.seal(value, secretAad(appId, variant, name)), keyId: this.box.keyId };
  }

  private async requireApp(manager: EntityManager, accountId: string, appId: string): Promise<void> {
    const app = await manager.findOne(AppEntity, { select: { appId: true }, where: { appId, accountId } });
    if (!app) throw AppErrors.appNotFound();
  }

  private async secretSet(manager: EntityManager, appId: string): Promise<SecretSetView> {
    const rows = await manager.find(AppSecretEntity, {
      select: { variant: true, name: true, systemManaged: true, createdAt: true, updatedAt: true },
      where: { appId },
      order: { name: 'ASC' },
    });
    const byVariant = (variant: Variant): SecretMetadataView[] =>
      rows
        .filter((row) => row.variant === variant)
        .map(({ name, systemManaged, createdAt, updatedAt }) => ({
          name,
          systemManaged,
          createdAt,
          updatedAt,
        }));
    return Object.fromEntries(VARIANTS.map((v) => [v, byVariant(v)])) as Record<
      Variant,
      SecretMetadataView[]
    >;
  }
}
