import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bulk operations of schema `catalog`: the operation records (OperationRecordBase columns, the
 * store, the counts and the first line errors) with the runner's orphan-scan index, and the JSON
 * Lines of each operation in chunks (an import's payload until it ends, an export's result),
 * deleted with their operation.
 */
export class CreateBulkOperations1797000000200 implements MigrationInterface {
  name = 'CreateBulkOperations1797000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "catalog"."bulk_operations" (
      "id" uuid NOT NULL,
      "status" character varying(16) NOT NULL,
      "failure_code" character varying(64),
      "failure_message" text,
      "attempts" integer NOT NULL DEFAULT 0,
      "job_queue" character varying(128) NOT NULL,
      "job_name" character varying(128) NOT NULL,
      "job_data" jsonb NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "completed_at" TIMESTAMP WITH TIME ZONE,
      "store_id" uuid NOT NULL,
      "type" character varying(16) NOT NULL,
      "mode" character varying(16),
      "total_lines" integer NOT NULL DEFAULT 0,
      "processed_lines" integer NOT NULL DEFAULT 0,
      "created_count" integer NOT NULL DEFAULT 0,
      "updated_count" integer NOT NULL DEFAULT 0,
      "failed_count" integer NOT NULL DEFAULT 0,
      "line_errors" jsonb NOT NULL DEFAULT '[]',
      "jsonl_bytes" integer NOT NULL DEFAULT 0,
      CONSTRAINT "PK_bulk_operations" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "IDX_9cad7f8b13eb0511b7d42f3a79" ON "catalog"."bulk_operations" ("created_at") WHERE status = 'EXECUTING'`,
    );
    await q.query(
      `CREATE INDEX "bulk_operations_store_created_idx" ON "catalog"."bulk_operations" ("store_id", "created_at")`,
    );

    await q.query(`CREATE TABLE "catalog"."bulk_operation_chunks" (
      "operation_id" uuid NOT NULL,
      "first_line" integer NOT NULL,
      "line_count" integer NOT NULL,
      "jsonl" text NOT NULL,
      CONSTRAINT "PK_bulk_operation_chunks" PRIMARY KEY ("operation_id", "first_line"),
      CONSTRAINT "FK_bulk_operation_chunks_operation" FOREIGN KEY ("operation_id")
        REFERENCES "catalog"."bulk_operations" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "catalog"."bulk_operation_chunks"`);
    await q.query(`DROP TABLE "catalog"."bulk_operations"`);
  }
}
