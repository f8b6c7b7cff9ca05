import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Generated from TestOperation and SideEffect (TypeORM schema builder), then read. */
export class QueueTestTables1763776800000 implements MigrationInterface {
  name = 'QueueTestTables1763776800000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      `CREATE TABLE "queue_test"."test_operation" ("id" uuid NOT NULL, "status" character varying(16) NOT NULL, "failure_code" character varying(64), "failure_message" text, "attempts" integer NOT NULL DEFAULT '0', "job_queue" character varying(128) NOT NULL, "job_name" character varying(128) NOT NULL, "job_data" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "completed_at" TIMESTAMP WITH TIME ZONE, "label" character varying(64) NOT NULL, CONSTRAINT "PK_af4adde0269a7e856670a57c491" PRIMARY KEY ("id"))`,
    );
    await runner.query(
      `CREATE INDEX "IDX_dd7ef7f687a78f903091590e8f" ON "queue_test"."test_operation" ("created_at") WHERE status = 'EXECUTING'`,
    );
    await runner.query(
      `CREATE TABLE "queue_test"."side_effect" ("id" SERIAL NOT NULL, "operation_id" uuid NOT NULL, CONSTRAINT "PK_2a46a6a2d08fc6be7815e5501c0" PRIMARY KEY ("id"))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE "queue_test"."side_effect"`);
    await runner.query(`DROP INDEX "queue_test"."IDX_dd7ef7f687a78f903091590e8f"`);
    await runner.query(`DROP TABLE "queue_test"."test_operation"`);
  }
}
