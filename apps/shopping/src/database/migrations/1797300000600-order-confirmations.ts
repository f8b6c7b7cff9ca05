import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order confirmation e-mail (docs/shopping.md, "Order confirmation e-mail"): an order records
 * when its confirmation was sent and how (`smtp`, or `log` without an SMTP server), or when it was
 * given up and why; a partial index finds the orders with neither (the sweep). Orders placed more
 * than a day before this migration are marked given up (nobody confirms a purchase days late);
 * younger ones get their confirmation from the worker's sweep.
 */
export class OrderConfirmations1797300000600 implements MigrationInterface {
  name = 'OrderConfirmations1797300000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "shopping"."orders" ADD "confirmation_sent_at" TIMESTAMP WITH TIME ZONE, ADD "confirmation_via" character varying(8), ADD "confirmation_failed_at" TIMESTAMP WITH TIME ZONE, ADD "confirmation_error" text`,
    );
    await q.query(
      `UPDATE "shopping"."orders" SET "confirmation_failed_at" = now(), "confirmation_error" = 'placed before order confirmations were sent'
        WHERE "created_at" < now() - interval '1 day'`,
    );
    await q.query(
      `CREATE INDEX "orders_confirmation_pending_idx" ON "shopping"."orders" ("created_at") WHERE confirmation_sent_at IS NULL AND confirmation_failed_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "shopping"."orders_confirmation_pending_idx"`);
    await q.query(
      `ALTER TABLE "shopping"."orders" DROP COLUMN "confirmation_error", DROP COLUMN "confirmation_failed_at", DROP COLUMN "confirmation_via", DROP COLUMN "confirmation_sent_at"`,
    );
  }
}
