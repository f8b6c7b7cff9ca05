import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateIdempotencyRecords1795315275436 implements MigrationInterface {
  name = 'CreateIdempotencyRecords1795315275436';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS "idempotency"`);
    await q.query(`CREATE TABLE "idempotency"."idempotency_records" (
      "credential_id" character varying(64) NOT NULL,
      "route" character varying(512) NOT NULL,
      "idempotency_key" character varying(255) NOT NULL,
      "fingerprint" character(64) NOT NULL,
      "state" character varying(16) NOT NULL,
      "claim_id" uuid NOT NULL,
      "response_status" smallint,
      "response_headers" jsonb,
      "response_body" json,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "completed_at" TIMESTAMP WITH TIME ZONE,
      "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "idempotency_records_state_check" CHECK ("state" IN ('IN_FLIGHT', 'COMPLETED')),
      CONSTRAINT "PK_idempotency_records" PRIMARY KEY ("credential_id", "route", "idempotency_key"))`);
    await q.query(
      `CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency"."idempotency_records" ("expires_at")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "idempotency"."idempotency_records"`);
  }
}
