import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Secrets of app variants (PATCH /v1/hosting/apps/{appId}/secrets): one row per app, variant and
 * name, the value sealed with SecretBox (AES-256-GCM) and the id of the key that sealed it.
 */
export class CreateSecrets1795600000100 implements MigrationInterface {
  name = 'CreateSecrets1795600000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "hosting"."app_secrets" ("app_id" character varying(64) NOT NULL, "variant" character varying(16) NOT NULL, "name" character varying(256) NOT NULL, "sealed_value" bytea NOT NULL, "key_id" character varying(32) NOT NULL, "system_managed" boolean NOT NULL DEFAULT false, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_63e9eb4607431f90afa7ec6a72c" PRIMARY KEY ("app_id", "variant", "name"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "hosting"."app_secrets"`);
  }
}
