import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Releases and rollback (docs/hosting.md, "Releases and rollback"): `releases` (one immutable row
 * per build a variant started, numbered per variant), versions of each variant's secret set
 * (`app_secret_snapshots`: each version's sealed values, the newest being the set in force)
 * and, on `deployment_operations`, the variant a deployment starts and the release a rollback runs
 * again. A variant that has secrets now gets them as version 1; builds running now have no release
 * until their variant's next import, deployment or rollback.
 */
export class CreateReleases1795600001000 implements MigrationInterface {
  name = 'CreateReleases1795600001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "hosting"."releases" ("id" uuid NOT NULL, "account_id" uuid NOT NULL, "app_id" character varying(64) NOT NULL, "variant" character varying(16) NOT NULL, "version" integer NOT NULL, "operation_type" character varying(16) NOT NULL, "operation_id" uuid NOT NULL, "import_id" uuid NOT NULL, "build_operation_id" uuid NOT NULL, "build_dir" text NOT NULL, "secrets_version" integer NOT NULL, "runtime" jsonb NOT NULL, "rollback_of" uuid, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6b6fc2599a5a281dd44a7d64016" PRIMARY KEY ("id"))`,
    );
    await q.query(`CREATE INDEX "releases_operation_idx" ON "hosting"."releases" ("operation_id")`);
    await q.query(
      `CREATE UNIQUE INDEX "releases_variant_version_key" ON "hosting"."releases" ("app_id", "variant", "version")`,
    );
    await q.query(
      `CREATE TABLE "hosting"."app_secret_snapshots" ("app_id" character varying(64) NOT NULL, "variant" character varying(16) NOT NULL, "version" integer NOT NULL, "secrets" jsonb NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_7977ffaef7b01637bbebf3a8b00" PRIMARY KEY ("app_id", "variant", "version"))`,
    );
    await q.query(
      `ALTER TABLE "hosting"."deployment_operations" ADD "variant" character varying(16) NOT NULL DEFAULT 'PUBLISH'`,
    );
    await q.query(`ALTER TABLE "hosting"."deployment_operations" ADD "rollback_of_release_id" uuid`);
    // The secrets of today as version 1 of their variant.
    await q.query(
      `INSERT INTO "hosting"."app_secret_snapshots" ("app_id", "variant", "version", "secrets")
       SELECT "app_id", "variant", 1, jsonb_agg(jsonb_build_object('name', "name",
                'sealedValue', encode("sealed_value", 'base64'), 'keyId', "key_id",
                'systemManaged', "system_managed") ORDER BY "name")
         FROM "hosting"."app_secrets" GROUP BY "app_id", "variant"`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "hosting"."deployment_operations" DROP COLUMN "rollback_of_release_id"`);
    await q.query(`ALTER TABLE "hosting"."deployment_operations" DROP COLUMN "variant"`);
    await q.query(`DROP TABLE "hosting"."app_secret_snapshots"`);
    await q.query(`DROP TABLE "hosting"."releases"`);
  }
}
