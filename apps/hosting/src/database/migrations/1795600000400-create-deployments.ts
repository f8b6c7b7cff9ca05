import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deployments (POST /v1/hosting/apps/{appId}/deployments): their operation records and the
 * deployment running in PUBLISH (app_environments.current_deployment_id). Build log lines now
 * belong to any build operation (an import or a deployment): import_id becomes operation_id.
 */
export class CreateDeployments1795600000400 implements MigrationInterface {
  name = 'CreateDeployments1795600000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "hosting"."build_log_lines" RENAME COLUMN "import_id" TO "operation_id"`);
    await q.query(
      `ALTER TABLE "hosting"."build_log_lines" RENAME CONSTRAINT "PK_3a048ab2f2db7ebc4243afc917d" TO "PK_84600cab904bc7f1765ee664f14"`,
    );
    await q.query(
      `CREATE TABLE "hosting"."deployment_operations" ("id" uuid NOT NULL, "status" character varying(16) NOT NULL, "failure_code" character varying(64), "failure_message" text, "attempts" integer NOT NULL DEFAULT '0', "job_queue" character varying(128) NOT NULL, "job_name" character varying(128) NOT NULL, "job_data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, "account_id" uuid NOT NULL, "app_id" character varying(64) NOT NULL, "import_id" uuid NOT NULL, "source_build_dir" text NOT NULL, "start_command" jsonb NOT NULL, "no_op" boolean, CONSTRAINT "PK_4690b41468cd6349725959dd959" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_6006439cf2123bb712106785ab" ON "hosting"."deployment_operations" ("created_at") WHERE status = 'EXECUTING'`,
    );
    await q.query(
      `CREATE INDEX "deployment_operations_account_idx" ON "hosting"."deployment_operations" ("account_id")`,
    );
    await q.query(
      `CREATE INDEX "deployment_operations_app_idx" ON "hosting"."deployment_operations" ("app_id", "created_at", "id")`,
    );
    await q.query(`ALTER TABLE "hosting"."app_environments" ADD "current_deployment_id" uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "current_deployment_id"`);
    await q.query(`DROP TABLE "hosting"."deployment_operations"`);
    await q.query(
      `ALTER TABLE "hosting"."build_log_lines" RENAME CONSTRAINT "PK_84600cab904bc7f1765ee664f14" TO "PK_3a048ab2f2db7ebc4243afc917d"`,
    );
    await q.query(`ALTER TABLE "hosting"."build_log_lines" RENAME COLUMN "operation_id" TO "import_id"`);
  }
}
