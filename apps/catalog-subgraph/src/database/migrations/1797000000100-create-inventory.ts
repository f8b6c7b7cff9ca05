import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inventory of schema `catalog`: counts per (location, SKU) with on-hand and committed units
 * (available is computed), the adjustment ledger with its keyset indexes, and reservations with a
 * partial index of the ACTIVE ones by expiry (the worker's sweep). Location, SKU and reason ids
 * are catalog records of the same store, checked by the service (records have no foreign keys).
 */
export class CreateInventory1797000000100 implements MigrationInterface {
  name = 'CreateInventory1797000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "catalog"."inventory_counts" (
      "location_id" uuid NOT NULL,
      "sku_id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "on_hand" integer NOT NULL,
      "committed" integer NOT NULL,
      "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "CHK_inventory_counts_committed" CHECK ("committed" >= 0),
      CONSTRAINT "PK_inventory_counts" PRIMARY KEY ("location_id", "sku_id"))`);
    await q.query(
      `CREATE INDEX "inventory_counts_store_sku_location_idx" ON "catalog"."inventory_counts" ("store_id", "sku_id", "location_id")`,
    );

    await q.query(`CREATE TABLE "catalog"."inventory_adjustments" (
      "id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "location_id" uuid NOT NULL,
      "sku_id" uuid NOT NULL,
      "type" character varying(16) NOT NULL,
      "quantity" integer NOT NULL,
      "reason_id" uuid,
      "reservation_id" uuid,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_inventory_adjustments" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "inventory_adjustments_store_created_idx" ON "catalog"."inventory_adjustments" ("store_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "inventory_adjustments_store_sku_created_idx" ON "catalog"."inventory_adjustments" ("store_id", "sku_id", "created_at", "id")`,
    );

    await q.query(`CREATE TABLE "catalog"."inventory_reservations" (
      "id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "location_id" uuid NOT NULL,
      "sku_id" uuid NOT NULL,
      "quantity" integer NOT NULL,
      "status" character varying(16) NOT NULL,
      "expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_inventory_reservations" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE INDEX "inventory_reservations_active_expires_idx" ON "catalog"."inventory_reservations" ("expires_at") WHERE "status" = 'ACTIVE'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "catalog"."inventory_reservations"`);
    await q.query(`DROP TABLE "catalog"."inventory_adjustments"`);
    await q.query(`DROP TABLE "catalog"."inventory_counts"`);
  }
}
