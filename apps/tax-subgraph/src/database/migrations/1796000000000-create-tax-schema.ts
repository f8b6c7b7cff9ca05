import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Schema `tax`: jurisdictions, rates, classifications and overrides (each store-scoped, with
 * keyset indexes per sort order), their relations, external references and calculations.
 * Timestamps have millisecond precision and are written by the application (keyset cursors).
 */
export class CreateTaxSchema1796000000000 implements MigrationInterface {
  name = 'CreateTaxSchema1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS "tax"`);

    await q.query(`CREATE TABLE "tax"."jurisdictions" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "store_id" uuid NOT NULL,
      "name" character varying(128) NOT NULL,
      "label" character varying(128),
      "country_code" character(2) NOT NULL,
      "region_code" character varying(16),
      "postal_code_prefix" character varying(16),
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_jurisdictions" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE UNIQUE INDEX "jurisdictions_store_name_key" ON "tax"."jurisdictions" ("store_id", "name")`,
    );
    await q.query(
      `CREATE INDEX "jurisdictions_store_created_idx" ON "tax"."jurisdictions" ("store_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "jurisdictions_store_updated_idx" ON "tax"."jurisdictions" ("store_id", "updated_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "jurisdictions_store_country_idx" ON "tax"."jurisdictions" ("store_id", "country_code")`,
    );

    await q.query(`CREATE TABLE "tax"."rates" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "store_id" uuid NOT NULL,
      "jurisdiction_id" uuid,
      "name" character varying(128),
      "label" character varying(128) NOT NULL,
      "percentage" numeric(9,6),
      "amount_value" integer,
      "amount_currency" character(3),
      "status" character varying(8) NOT NULL,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_rates" PRIMARY KEY ("id"),
      CONSTRAINT "FK_rates_jurisdiction" FOREIGN KEY ("jurisdiction_id") REFERENCES "tax"."jurisdictions"("id") ON DELETE RESTRICT)`);
    await q.query(`CREATE INDEX "rates_jurisdiction_id_idx" ON "tax"."rates" ("jurisdiction_id")`);
    await q.query(`CREATE INDEX "rates_store_created_idx" ON "tax"."rates" ("store_id", "created_at", "id")`);
    await q.query(`CREATE INDEX "rates_store_updated_idx" ON "tax"."rates" ("store_id", "updated_at", "id")`);
    await q.query(`CREATE INDEX "rates_store_label_idx" ON "tax"."rates" ("store_id", "label", "id")`);

    await q.query(`CREATE TABLE "tax"."classifications" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "store_id" uuid NOT NULL,
      "name" character varying(128) NOT NULL,
      "label" character varying(128),
      "description" character varying(1024),
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_classifications" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE UNIQUE INDEX "classifications_store_name_key" ON "tax"."classifications" ("store_id", "name")`,
    );
    await q.query(
      `CREATE INDEX "classifications_store_created_idx" ON "tax"."classifications" ("store_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "classifications_store_updated_idx" ON "tax"."classifications" ("store_id", "updated_at", "id")`,
    );

    await q.query(`CREATE TABLE "tax"."overrides" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "store_id" uuid NOT NULL,
      "name" character varying(128) NOT NULL,
      "label" character varying(128),
      "type" character varying(16) NOT NULL,
      "status" character varying(8) NOT NULL,
      "jurisdiction_id" uuid,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_overrides" PRIMARY KEY ("id"),
      CONSTRAINT "FK_overrides_jurisdiction" FOREIGN KEY ("jurisdiction_id") REFERENCES "tax"."jurisdictions"("id") ON DELETE RESTRICT)`);
    await q.query(`CREATE INDEX "overrides_jurisdiction_id_idx" ON "tax"."overrides" ("jurisdiction_id")`);
    await q.query(
      `CREATE INDEX "overrides_store_created_idx" ON "tax"."overrides" ("store_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "overrides_store_updated_idx" ON "tax"."overrides" ("store_id", "updated_at", "id")`,
    );
    await q.query(`CREATE INDEX "overrides_store_name_idx" ON "tax"."overrides" ("store_id", "name", "id")`);

    for (const owner of ['classification', 'override'] as const) {
      const table = `${owner}_rates`;
      await q.query(`CREATE TABLE "tax"."${table}" (
        "owner_id" uuid NOT NULL,
        "rate_id" uuid NOT NULL,
        "store_id" uuid NOT NULL,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_${table}" PRIMARY KEY ("owner_id", "rate_id"),
        CONSTRAINT "FK_${table}_${owner}" FOREIGN KEY ("owner_id") REFERENCES "tax"."${owner}s"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_${table}_rate" FOREIGN KEY ("rate_id") REFERENCES "tax"."rates"("id") ON DELETE CASCADE)`);
      await q.query(`CREATE INDEX "${table}_rate_id_idx" ON "tax"."${table}" ("rate_id")`);

      const members = `${owner}_members`;
      await q.query(`CREATE TABLE "tax"."${members}" (
        "owner_id" uuid NOT NULL,
        "kind" character varying(16) NOT NULL,
        "member_id" character varying(128) NOT NULL,
        "store_id" uuid NOT NULL,
        "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_${members}" PRIMARY KEY ("owner_id", "kind", "member_id"),
        CONSTRAINT "FK_${members}_${owner}" FOREIGN KEY ("owner_id") REFERENCES "tax"."${owner}s"("id") ON DELETE CASCADE)`);
      await q.query(
        `CREATE INDEX "${members}_lookup_idx" ON "tax"."${members}" ("store_id", "kind", "member_id")`,
      );
    }

    await q.query(`CREATE TABLE "tax"."external_references" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "store_id" uuid NOT NULL,
      "owner_type" character varying(16) NOT NULL,
      "owner_id" uuid NOT NULL,
      "name" character varying(64) NOT NULL,
      "value" character varying(256) NOT NULL,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_external_references" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE UNIQUE INDEX "external_references_owner_name_key" ON "tax"."external_references" ("owner_type", "owner_id", "name")`,
    );
    await q.query(
      `CREATE INDEX "external_references_store_value_idx" ON "tax"."external_references" ("store_id", "owner_type", "value")`,
    );

    await q.query(`CREATE TABLE "tax"."calculations" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "store_id" uuid NOT NULL,
      "channel_id" character varying(64) NOT NULL,
      "currency" character(3) NOT NULL,
      "subtotal" bigint NOT NULL,
      "tax_total" bigint NOT NULL,
      "request" jsonb NOT NULL,
      "result" jsonb NOT NULL,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_calculations" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "calculations_store_created_idx" ON "tax"."calculations" ("store_id", "created_at", "id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "tax"."calculations"`);
    await q.query(`DROP TABLE "tax"."external_references"`);
    await q.query(`DROP TABLE "tax"."override_members"`);
    await q.query(`DROP TABLE "tax"."override_rates"`);
    await q.query(`DROP TABLE "tax"."classification_members"`);
    await q.query(`DROP TABLE "tax"."classification_rates"`);
    await q.query(`DROP TABLE "tax"."overrides"`);
    await q.query(`DROP TABLE "tax"."classifications"`);
    await q.query(`DROP TABLE "tax"."rates"`);
    await q.query(`DROP TABLE "tax"."jurisdictions"`);
  }
}
