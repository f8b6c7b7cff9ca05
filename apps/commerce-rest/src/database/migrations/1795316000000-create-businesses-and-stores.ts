import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBusinessesAndStores1795316000000 implements MigrationInterface {
  name = 'CreateBusinessesAndStores1795316000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS "commerce"`);
    await q.query(`CREATE TABLE "commerce"."businesses" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "account_id" uuid NOT NULL,
      "name" character varying(200) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_businesses" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "businesses_account_id_idx" ON "commerce"."businesses" ("account_id")`);
    await q.query(`CREATE TABLE "commerce"."stores" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "business_id" uuid NOT NULL,
      "display_name" character varying(64) NOT NULL,
      "status" character varying(16) NOT NULL DEFAULT 'ACTIVE',
      "currency" character(3) NOT NULL,
      "timezone" character varying(64) NOT NULL,
      "acquirer" character varying(32),
      "processor" character varying(32) NOT NULL,
      "external_store_id" character varying(64),
      "fixed_location" boolean NOT NULL DEFAULT false,
      "mock_processor" boolean NOT NULL DEFAULT false,
      "longitude" double precision,
      "latitude" double precision,
      "default_channel_id" uuid,
      "default_retail_channel_id" uuid,
      "owner_id" uuid NOT NULL,
      "attribute_keys" text array NOT NULL DEFAULT '{}',
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
      CONSTRAINT "PK_stores" PRIMARY KEY ("id"),
      CONSTRAINT "FK_stores_business" FOREIGN KEY ("business_id") REFERENCES "commerce"."businesses"("id") ON DELETE CASCADE)`);
    await q.query(`CREATE INDEX "stores_business_id_idx" ON "commerce"."stores" ("business_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "commerce"."stores"`);
    await q.query(`DROP TABLE "commerce"."businesses"`);
  }
}
