import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Schema `hosting`, first slice: apps, their two environments, app operations (creation), hosting
 * subscriptions and app attachments. Imports, builds, deployments, log lines and secrets come with
 * their own migrations.
 */
export class CreateHosting1795600000000 implements MigrationInterface {
  name = 'CreateHosting1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "hosting"."app_environments" ("app_id" character varying(64) NOT NULL, "variant" character varying(16) NOT NULL, "desired_state" character varying(16) NOT NULL, "current_build_id" uuid, "port" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_24bba6c23c3bdc657941ad1d9f9" PRIMARY KEY ("app_id", "variant"))`,
    );
    await q.query(
      `CREATE TABLE "hosting"."app_operations" ("id" uuid NOT NULL, "status" character varying(16) NOT NULL, "failure_code" character varying(64), "failure_message" text, "attempts" integer NOT NULL DEFAULT '0', "job_queue" character varying(128) NOT NULL, "job_name" character varying(128) NOT NULL, "job_data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, "kind" character varying(32) NOT NULL, "account_id" uuid NOT NULL, "app_id" character varying(64) NOT NULL, CONSTRAINT "PK_9d330cf213c1ce626e5d9e2cc5a" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_519c53547d2f27bc21d01c1097" ON "hosting"."app_operations"  ("created_at") WHERE status = 'EXECUTING'`,
    );
    await q.query(`CREATE INDEX "app_operations_account_idx" ON "hosting"."app_operations"  ("account_id")`);
    await q.query(
      `CREATE TABLE "hosting"."apps" ("app_id" character varying(64) NOT NULL, "account_id" uuid NOT NULL, "name" character varying(200) NOT NULL, "app_type" character varying(32) NOT NULL, "status" character varying(16) NOT NULL, "creation_operation_id" uuid NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8ffdeb9b34bd94562e679dbc692" PRIMARY KEY ("app_id"))`,
    );
    await q.query(
      `CREATE INDEX "apps_account_keyset_idx" ON "hosting"."apps"  ("account_id", "created_at", "app_id")`,
    );
    await q.query(
      `CREATE TABLE "hosting"."app_subscriptions" ("app_id" character varying(64) NOT NULL, "subscription_id" uuid NOT NULL, "attach_state" character varying(16) NOT NULL, "app_state" character varying(16) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_73744f91d09a8861accd572bd1e" PRIMARY KEY ("app_id"))`,
    );
    await q.query(
      `CREATE INDEX "app_subscriptions_subscription_idx" ON "hosting"."app_subscriptions"  ("subscription_id")`,
    );
    await q.query(
      `CREATE TABLE "hosting"."subscriptions" ("subscription_id" uuid NOT NULL, "account_id" uuid NOT NULL, "hosting_product" character varying(32) NOT NULL, "status" character varying(16) NOT NULL, "slot_limit" integer NOT NULL, "attached_count" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_33b940ef52faaafc3d05f95719f" PRIMARY KEY ("subscription_id"))`,
    );
    await q.query(
      `CREATE INDEX "subscriptions_account_product_idx" ON "hosting"."subscriptions"  ("account_id", "hosting_product")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "hosting"."subscriptions"`);
    await q.query(`DROP TABLE "hosting"."app_subscriptions"`);
    await q.query(`DROP TABLE "hosting"."apps"`);
    await q.query(`DROP TABLE "hosting"."app_operations"`);
    await q.query(`DROP TABLE "hosting"."app_environments"`);
  }
}
