import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMailboxes1795400000000 implements MigrationInterface {
  name = 'CreateMailboxes1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "mailboxes"."domains" (
      "domain" character varying(253) NOT NULL,
      "account_id" uuid NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_domains" PRIMARY KEY ("domain"))`);
    await q.query(`CREATE INDEX "domains_account_idx" ON "mailboxes"."domains" ("account_id")`);
    await q.query(`CREATE TABLE "mailboxes"."mailboxes" (
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
      "account_id" uuid NOT NULL,
      "email_address" character varying(254) NOT NULL,
      "mailbox_type" character varying(16) NOT NULL,
      "first_name" character varying(64) NOT NULL,
      "last_name" character varying(64) NOT NULL,
      "display_name" character varying(129) NOT NULL,
      "agreements" jsonb NOT NULL,
      CONSTRAINT "PK_mailboxes" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "IDX_c5c0650b4a01591193f14a0cef" ON "mailboxes"."mailboxes" ("created_at") WHERE status = 'EXECUTING'`,
    );
    await q.query(`CREATE INDEX "mailboxes_account_idx" ON "mailboxes"."mailboxes" ("account_id")`);
    await q.query(
      `CREATE UNIQUE INDEX "mailboxes_completed_email_key" ON "mailboxes"."mailboxes" (lower("email_address")) WHERE status = 'COMPLETED'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "mailboxes"."mailboxes"`);
    await q.query(`DROP TABLE "mailboxes"."domains"`);
  }
}
