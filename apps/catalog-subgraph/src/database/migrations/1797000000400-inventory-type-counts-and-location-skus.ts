import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inventory counts per type, as the public graph lists them (`InventoryCount { id type quantity }`):
 * ON_HAND, COMMITTED and AVAILABLE rows beside every inventory_counts row, with stable ids and
 * keyset indexes (createdAt, updatedAt) and the SKU filter's; filled from the existing counts. And
 * the SKUs a location carries (links relation LOCATION:SKU): every SKU with a count at a location
 * is linked to it, as inventory changes now do.
 */
export class InventoryTypeCountsAndLocationSkus1797000000400 implements MigrationInterface {
  name = 'InventoryTypeCountsAndLocationSkus1797000000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "catalog"."inventory_type_counts" (
      "id" uuid NOT NULL,
      "store_id" uuid NOT NULL,
      "location_id" uuid NOT NULL,
      "sku_id" uuid NOT NULL,
      "type" character varying(16) NOT NULL,
      "quantity" integer NOT NULL,
      "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      "updated_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL,
      CONSTRAINT "PK_inventory_type_counts" PRIMARY KEY ("id"))`);
    await q.query(
      `CREATE UNIQUE INDEX "inventory_type_counts_location_sku_type_key" ON "catalog"."inventory_type_counts" ("location_id", "sku_id", "type")`,
    );
    await q.query(
      `CREATE INDEX "inventory_type_counts_store_created_idx" ON "catalog"."inventory_type_counts" ("store_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "inventory_type_counts_store_updated_idx" ON "catalog"."inventory_type_counts" ("store_id", "updated_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "inventory_type_counts_store_sku_idx" ON "catalog"."inventory_type_counts" ("store_id", "sku_id")`,
    );
    await q.query(`INSERT INTO "catalog"."inventory_type_counts"
        (id, store_id, location_id, sku_id, type, quantity, created_at, updated_at)
      SELECT gen_random_uuid(), c.store_id, c.location_id, c.sku_id, t.type, t.quantity, c.updated_at, c.updated_at
        FROM "catalog"."inventory_counts" c
        CROSS JOIN LATERAL (VALUES ('ON_HAND', c.on_hand), ('COMMITTED', c.committed),
                                   ('AVAILABLE', c.on_hand - c.committed)) AS t(type, quantity)`);
    await q.query(`INSERT INTO "catalog"."links" (owner_id, relation, member_id, store_id, position, created_at)
      SELECT c.location_id, 'LOCATION:SKU', c.sku_id::text, c.store_id,
             row_number() OVER (PARTITION BY c.location_id ORDER BY c.updated_at, c.sku_id), c.updated_at
        FROM "catalog"."inventory_counts" c
      ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "catalog"."links" WHERE relation = 'LOCATION:SKU'`);
    await q.query(`DROP TABLE "catalog"."inventory_type_counts"`);
  }
}
