import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCustomers1795316210000 implements MigrationInterface {
  name = 'CreateCustomers1795316210000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "commerce"."customers" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "store_id" uuid NOT NULL,
      "first_name" character varying(50) NOT NULL,
      "last_name" character varying(50) NOT NULL,
      "organization" character varying(100),
      "job_title" character varying(100),
      "nickname" character varying(50),
      "external_identifier" character varying(128),
      "emails" jsonb NOT NULL,
      "phones" jsonb NOT NULL,
      "addresses" jsonb NOT NULL,
      "primary_email" character varying(254),
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_customers" PRIMARY KEY ("id"),
      CONSTRAINT "FK_customers_store" FOREIGN KEY ("store_id") REFERENCES "commerce"."stores"("id") ON DELETE CASCADE)`);
    await q.query(
      `CREATE INDEX "customers_store_created_at_id_idx" ON "commerce"."customers" ("store_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "customers_store_primary_email_uidx" ON "commerce"."customers" ("store_id", "primary_email")`,
    );
    await q.query(`CREATE TABLE "commerce"."customer_list_versions" (
      "store_id" uuid NOT NULL,
      "changed_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_customer_list_versions" PRIMARY KEY ("store_id"),
      CONSTRAINT "FK_customer_list_versions_store" FOREIGN KEY ("store_id") REFERENCES "commerce"."stores"("id") ON DELETE CASCADE)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "commerce"."customer_list_versions"`);
    await q.query(`DROP TABLE "commerce"."customers"`);
  }
}
