import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paid orders placed by another platform service (the Shopping API's checkouts, through
 * POST /internal/v1/stores/{storeId}/paid-orders): the caller's reference, unique per store, so a
 * retried or concurrent placement finds the order instead of making a second one.
 */
export class OrderPlacementReference1795317000300 implements MigrationInterface {
  name = 'OrderPlacementReference1795317000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."orders" ADD "placement_reference" character varying(128)`);
    await q.query(
      `CREATE UNIQUE INDEX "orders_store_placement_reference_key" ON "orders"."orders" ("store_id", "placement_reference")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "orders"."orders_store_placement_reference_key"`);
    await q.query(`ALTER TABLE "orders"."orders" DROP COLUMN "placement_reference"`);
  }
}
