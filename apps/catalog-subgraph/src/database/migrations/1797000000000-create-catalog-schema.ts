import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Schema `catalog`: every catalog record in one store-scoped table (kind, common columns, the
 * kind's own fields as jsonb) with keyset indexes per sort order, relation members, external
 * references. Timestamps have millisecond precision and are written by the application.
 */
export class CreateCatalogSchema1797000000000 implements MigrationInterface {
  name = 'CreateCatalogSchema1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS "catalog"`);
    await q.query(`CREATE TABLE "catalog"."records" (
      "id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "kind" character varying(32) NOT NULL,
      "name" character varying(256) NOT NULL,
      "label" character varying(256),
      "code" character varying(128),
      "status" character varying(16) NOT NULL,
      "parent_id" uuid,
      "data" jsonb NOT NULL,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      "archived_at" TIMESTAMP(3) WITH TIME ZONE,
      CONSTRAINT "PK_records" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "records_store_kind_created_idx" ON "catalog"."records" ("store_id", "kind", "created_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "records_store_kind_updated_idx" ON "catalog"."records" ("store_id", "kind", "updated_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "records_store_kind_name_idx" ON "catalog"."records" ("store_id", "kind", "name", "id")`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "records_store_kind_code_key" ON "catalog"."records" ("store_id", "kind", "code") WHERE "code" IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX "records_store_parent_idx" ON "catalog"."records" ("store_id", "parent_id") WHERE "parent_id" IS NOT NULL`,
    );

    await q.query(`CREATE TABLE "catalog"."links" (
      "owner_id" uuid NOT NULL,
      "relation" character varying(48) NOT NULL,
      "member_id" character varying(128) NOT NULL,
      "store_id" uuid NOT NULL,
      "position" bigint NOT NULL,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_links" PRIMARY KEY ("owner_id", "relation", "member_id"))`);
    await q.query(
      `CREATE INDEX "links_store_relation_member_idx" ON "catalog"."links" ("store_id", "relation", "member_id")`,
    );

    await q.query(`CREATE TABLE "catalog"."external_references" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "store_id" uuid NOT NULL,
      "owner_id" uuid NOT NULL,
      "name" character varying(64) NOT NULL,
      "value" character varying(256) NOT NULL,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_external_references" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE UNIQUE INDEX "external_references_owner_name_key" ON "catalog"."external_references" ("owner_id", "name")`,
    );
    await q.query(
      `CREATE INDEX "external_references_store_value_idx" ON "catalog"."external_references" ("store_id", "value")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "catalog"."external_references"`);
    await q.query(`DROP TABLE "catalog"."links"`);
    await q.query(`DROP TABLE "catalog"."records"`);
  }
}
