import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Instances, health checks and restarts (docs/hosting.md, "Instances, health checks and restarts"):
 * per variant `instances` (1–10, default 1) and `health_check` (jsonb `{path, intervalS, timeoutS,
 * graceS}` or null: "listening on PORT"), the worker's view of each instance (`runtime_instances`),
 * and the restart operations (POST …/apps/{appId}/restarts).
 */
export class AddInstancesAndHealthChecks1795600001100 implements MigrationInterface {
  name = 'AddInstancesAndHealthChecks1795600001100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "hosting"."restart_operations" ("id" uuid NOT NULL, "status" character varying(16) NOT NULL, "failure_code" character varying(64), "failure_message" text, "attempts" integer NOT NULL DEFAULT '0', "job_queue" character varying(128) NOT NULL, "job_name" character varying(128) NOT NULL, "job_data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, "account_id" uuid NOT NULL, "app_id" character varying(64) NOT NULL, "variant" character varying(16) NOT NULL, "failure" jsonb, CONSTRAINT "PK_5bde396a3dc283d03e82baf071a" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_164961d5d46d9ae3b07155f676" ON "hosting"."restart_operations" ("created_at") WHERE status = 'EXECUTING'`,
    );
    await q.query(
      `CREATE INDEX "restart_operations_app_idx" ON "hosting"."restart_operations" ("app_id", "created_at", "id")`,
    );
    await q.query(`ALTER TABLE "hosting"."app_environments" ADD "instances" integer NOT NULL DEFAULT '1'`);
    await q.query(`ALTER TABLE "hosting"."app_environments" ADD "health_check" jsonb`);
    await q.query(
      `ALTER TABLE "hosting"."app_environments" ADD "runtime_instances" jsonb NOT NULL DEFAULT '[]'`,
    );
    await q.query(
      `ALTER TABLE "hosting"."app_environments" ADD CONSTRAINT "app_environments_instances_check" CHECK ("instances" >= 1 AND "instances" <= 10)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "hosting"."app_environments" DROP CONSTRAINT "app_environments_instances_check"`,
    );
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "runtime_instances"`);
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "health_check"`);
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "instances"`);
    await q.query(`DROP TABLE "hosting"."restart_operations"`);
  }
}
