import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `outbox_events.seq`: the order rows were written in. Writers of one order hold its row lock, so
 * per order it is the commit order, which the relay publishes in (docs/orders.md). Rows already
 * there get numbers in table order; writers that do not know the column get the default.
 */
export class OutboxSequence1795317000100 implements MigrationInterface {
  name = 'OutboxSequence1795317000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."outbox_events" ADD "seq" BIGSERIAL NOT NULL`);
    await q.query(`CREATE INDEX "outbox_events_seq_idx" ON "orders"."outbox_events" ("seq")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "orders"."outbox_events_seq_idx"`);
    await q.query(`ALTER TABLE "orders"."outbox_events" DROP COLUMN "seq"`);
  }
}
