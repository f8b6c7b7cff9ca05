import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Imports (POST /v1/hosting/apps/{appId}/imports): their operation records, their build log lines
 * (readable while the import runs), and the runtime columns of app_environments the worker writes
 * and GET …/status reads (runtime state and error, the running build's directory and start command).
 */
export class CreateImports1795600000200 implements MigrationInterface {
  name = 'CreateImports1795600000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "hosting"."import_operations" ("id" uuid NOT NULL, "status" character varying(16) NOT NULL, "failure_code" character varying(64), "failure_message" text, "attempts" integer NOT NULL DEFAULT '0', "job_queue" character varying(128) NOT NULL, "job_name" character varying(128) NOT NULL, "job_data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, "account_id" uuid NOT NULL, "app_id" character varying(64) NOT NULL, "archive_path" text NOT NULL, "archive_bytes" integer NOT NULL, "file_name" character varying(255), CONSTRAINT "PK_42bebfb12023904c290a57440ce" PRIMARY KEY ("id"))`,
    );
    await q.query(
      `CREATE INDEX "IDX_428e8d7a16027eb7078241b1e4" ON "hosting"."import_operations" ("created_at") WHERE status = 'EXECUTING'`,
    );
    await q.query(
      `CREATE INDEX "import_operations_app_idx" ON "hosting"."import_operations" ("app_id", "created_at")`,
    );
    await q.query(
      `CREATE INDEX "import_operations_account_idx" ON "hosting"."import_operations" ("account_id")`,
    );
    await q.query(
      `CREATE TABLE "hosting"."build_log_lines" ("import_id" uuid NOT NULL, "seq" integer NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL, "stream" character varying(8) NOT NULL, "message" text NOT NULL, CONSTRAINT "PK_3a048ab2f2db7ebc4243afc917d" PRIMARY KEY ("import_id", "seq"))`,
    );
    await q.query(
      `ALTER TABLE "hosting"."app_environments" ADD "runtime_state" character varying(16) NOT NULL DEFAULT 'STOPPED'`,
    );
    await q.query(`ALTER TABLE "hosting"."app_environments" ADD "runtime_error" text`);
    await q.query(`ALTER TABLE "hosting"."app_environments" ADD "build_dir" text`);
    await q.query(`ALTER TABLE "hosting"."app_environments" ADD "start_command" jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "start_command"`);
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "build_dir"`);
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "runtime_error"`);
    await q.query(`ALTER TABLE "hosting"."app_environments" DROP COLUMN "runtime_state"`);
    await q.query(`DROP TABLE "hosting"."build_log_lines"`);
    await q.query(`DROP TABLE "hosting"."import_operations"`);
  }
}
