import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAccountsAndTokens1763780000000 implements MigrationInterface {
  name = 'CreateAccountsAndTokens1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS "auth"`);
    await q.query(`CREATE TABLE "auth"."accounts" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "name" character varying(200),
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_accounts" PRIMARY KEY ("id"))`);
    await q.query(`CREATE TABLE "auth"."access_tokens" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "account_id" uuid NOT NULL,
      "token_hash" bytea NOT NULL,
      "display_prefix" character varying(16) NOT NULL,
      "scopes" text array NOT NULL,
      "expires_at" TIMESTAMP WITH TIME ZONE,
      "revoked_at" TIMESTAMP WITH TIME ZONE,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_access_tokens" PRIMARY KEY ("id"),
      CONSTRAINT "FK_access_tokens_account" FOREIGN KEY ("account_id") REFERENCES "auth"."accounts"("id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "access_tokens_account_id_idx" ON "auth"."access_tokens" ("account_id")`);
    await q.query(
      `CREATE UNIQUE INDEX "access_tokens_token_hash_key" ON "auth"."access_tokens" ("token_hash")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "auth"."access_tokens"`);
    await q.query(`DROP TABLE "auth"."accounts"`);
  }
}
