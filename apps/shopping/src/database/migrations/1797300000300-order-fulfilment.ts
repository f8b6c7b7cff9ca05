import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The worker side of orders (docs/shopping.md, "Order fulfilment and webhooks"): an order keeps the
 * capabilities negotiated when it was placed (its webhooks' `ucp`); an event records when its
 * delivery was given up and the last error; the pending-events index leaves the given-up ones out;
 * a partial index finds the platform orders with a line still `processing` (the sweep).
 */
export class OrderFulfilment1797300000300 implements MigrationInterface {
  name = 'OrderFulfilment1797300000300';

  async up(q: QueryRunner): Promise<void> {
    // Existing rows get {} (nothing negotiated recorded); new rows always set it.
    await q.query(`ALTER TABLE "shopping"."orders" ADD "ucp_capabilities" jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE "shopping"."orders" ALTER COLUMN "ucp_capabilities" DROP DEFAULT`);
    await q.query(
      `ALTER TABLE "shopping"."order_events" ADD "failed_at" TIMESTAMP WITH TIME ZONE, ADD "last_error" text`,
    );
    await q.query(`DROP INDEX "shopping"."order_events_pending_idx"`);
    await q.query(
      `CREATE INDEX "order_events_pending_idx" ON "shopping"."order_events" ("order_id", "sequence") WHERE delivered_at IS NULL AND failed_at IS NULL`,
    );
    await q.query(
      `CREATE INDEX "orders_provisioning_idx" ON "shopping"."orders" ("created_at") WHERE business = 'platform' AND line_items @> '[{"status": "processing"}]'::jsonb`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "shopping"."orders_provisioning_idx"`);
    await q.query(`DROP INDEX "shopping"."order_events_pending_idx"`);
    await q.query(
      `CREATE INDEX "order_events_pending_idx" ON "shopping"."order_events" ("order_id", "sequence") WHERE delivered_at IS NULL`,
    );
    await q.query(`ALTER TABLE "shopping"."order_events" DROP COLUMN "last_error", DROP COLUMN "failed_at"`);
    await q.query(`ALTER TABLE "shopping"."orders" DROP COLUMN "ucp_capabilities"`);
  }
}
