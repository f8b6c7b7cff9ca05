import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order storefront (docs/graphql.md, "Order storefront"): the public graph's fields kept on
 * orders, lines, discounts and notes, and the stores' discount codes (unique per store and
 * upper-cased code).
 */
export class OrderStorefront1795317000200 implements MigrationInterface {
  name = 'OrderStorefront1795317000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."orders"
      ADD "external_id" character varying(128),
      ADD "cart_id" character varying(128),
      ADD "metafields" jsonb,
      ADD "tax_exempted" boolean NOT NULL DEFAULT false,
      ADD "taxes" jsonb`);
    await q.query(`ALTER TABLE "orders"."line_items"
      ADD "taxable" boolean NOT NULL DEFAULT true,
      ADD "details" jsonb,
      ADD "external_id" character varying(128),
      ADD "fulfillment_channel_id" character varying(64),
      ADD "metafields" jsonb,
      ADD "notes" jsonb,
      ADD "tags" text array,
      ADD "shipping" jsonb,
      ADD "service_start_at" TIMESTAMP WITH TIME ZONE,
      ADD "service_ends_at" TIMESTAMP WITH TIME ZONE,
      ADD "taxes" jsonb`);
    await q.query(`ALTER TABLE "orders"."order_discounts"
      ADD "rate_percentage" character varying(16),
      ADD "discount_code_id" uuid`);
    await q.query(`ALTER TABLE "orders"."order_notes"
      ADD "reference_id" character varying(128),
      ADD "metafields" jsonb,
      ADD "external_ids" jsonb`);
    await q.query(`CREATE TABLE "orders"."discount_codes" (
      "id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "code" character varying(64) NOT NULL,
      "code_key" character varying(64) NOT NULL,
      "name" character varying(128) NOT NULL,
      "amount_value" bigint,
      "currency_code" character(3),
      "rate_percentage" character varying(16),
      "starts_at" TIMESTAMP WITH TIME ZONE,
      "ends_at" TIMESTAMP WITH TIME ZONE,
      "status" character varying(16) NOT NULL,
      "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_discount_codes" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE UNIQUE INDEX "discount_codes_store_code_key" ON "orders"."discount_codes" ("store_id", "code_key")`,
    );
    await q.query(
      `CREATE INDEX "discount_codes_store_created_idx" ON "orders"."discount_codes" ("store_id", "created_at", "id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "orders"."discount_codes"`);
    await q.query(`ALTER TABLE "orders"."order_notes"
      DROP COLUMN "external_ids", DROP COLUMN "metafields", DROP COLUMN "reference_id"`);
    await q.query(`ALTER TABLE "orders"."order_discounts"
      DROP COLUMN "discount_code_id", DROP COLUMN "rate_percentage"`);
    await q.query(`ALTER TABLE "orders"."line_items"
      DROP COLUMN "taxes", DROP COLUMN "service_ends_at", DROP COLUMN "service_start_at",
      DROP COLUMN "shipping", DROP COLUMN "tags", DROP COLUMN "notes", DROP COLUMN "metafields",
      DROP COLUMN "fulfillment_channel_id", DROP COLUMN "external_id", DROP COLUMN "details",
      DROP COLUMN "taxable"`);
    await q.query(`ALTER TABLE "orders"."orders"
      DROP COLUMN "taxes", DROP COLUMN "tax_exempted", DROP COLUMN "metafields", DROP COLUMN "cart_id",
      DROP COLUMN "external_id"`);
  }
}
